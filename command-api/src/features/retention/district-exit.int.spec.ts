import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { signedInTeacher, testServerForFile, type TestClient } from '../../testing/test-server.ts';
import { eventually } from '../../testing/eventually.ts';
import { resumeDistrictErasures, runDistrictErasure } from '../../shared/district-erasure-job.ts';
import { jane } from '../../testing/sharing-fixtures.ts';

// Leaving the product: the district's archive, then the district erased.
const server = testServerForFile();

/** The archive as the browser saves it: the raw bytes of the POST's answer. */
async function exportArchive(client: TestClient, districtId: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const response = await fetch(`${server.url}/api/districts/${districtId}/export`, { method: 'POST', headers: { Cookie: client.cookie ?? '' } });
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Every file in the zip, by path, with its bytes (the zip read back by yauzl, as an unzip tool reads it). */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

async function lakeside() {
  const dana = await signedInTeacher(server.url, 'Dana District');
  const districtId = (await dana.post('/api/districts', { name: 'Lakeside USD' })).body.id as string;
  const highId = (await dana.post(`/api/districts/${districtId}/schools`, { name: 'Lakeside High' })).body.id as string;
  const middleId = (await dana.post(`/api/districts/${districtId}/schools`, { name: 'Lakeside Middle' })).body.id as string;
  const tom = await signedInTeacher(server.url, 'Tom Teacher');
  expect((await dana.post(`/api/schools/${highId}/staff`, { email: tom.account.email, role: 'teacher' })).status).toBe(201);
  const add = async (schoolId: string, firstName: string) => (await tom.post('/api/students', { ...jane, firstName, schoolId })).body.id as string;
  // Tom is no teacher at the middle school: the district admin writes that student.
  const gwen = await add(highId, 'Gwen');
  const mateo = (await dana.post('/api/students', { ...jane, firstName: 'Mateo', schoolId: middleId })).body.id as string;
  return { dana, tom, districtId, highId, gwen, mateo };
}

describe('leaving the product (issue 23)', () => {
  it('names every folder of the archive safely: a name turns no bidi control nor separator into a path', async () => {
    const { dana, districtId, highId } = await lakeside();
    const odd = (await dana.post('/api/students', { ...jane, firstName: 'Noor\u202Efdp.exe', lastInitial: 'Z', schoolId: highId })).body.id as string;
    const sly = (await dana.post(`/api/districts/${districtId}/schools`, { name: '..' })).body.id as string;
    expect((await dana.post('/api/students', { ...jane, firstName: 'Ivo', schoolId: sly })).status).toBe(201);
    const files = await unzip((await exportArchive(dana, districtId)).bytes);
    const names = [...files.keys()];
    expect(names.some((name) => name.includes(`/Noorfdp.exe Z. ${odd}/record.json`))).toBe(true);
    expect(names.some((name) => /[\u202A-\u202E\u2066-\u2069]/.test(name))).toBe(false);
    expect(names.filter((name) => name.split('/').some((part) => part === '..' || part === '.'))).toEqual([]);
  });

  it('exports every student record of the district in one zip, JSON and PDF each, and logs each export', async () => {
    const { dana, tom, districtId, gwen, mateo } = await lakeside();
    expect((await exportArchive(tom, districtId)).status).toBe(404);
    // Gwen's plan record: the district takes it back whole, the impairment and consent too, though its admin may not
    // read them in the product (see-plan-record).
    const planId = (await tom.post(`/api/students/${gwen}/plans`, { startDate: '2026-01-05', reviewDate: '2099-01-05' })).body.id as string;
    expect((await tom.put(`/api/plans/${planId}/record`, { impairment: 'Dyslexia', consent: { date: '2026-01-05', method: 'in-writing' } })).status).toBe(200);

    const archive = await exportArchive(dana, districtId);
    expect(archive.status).toBe(200);
    expect(archive.type).toBe('application/zip');
    const files = await unzip(archive.bytes);
    const records = [...files.keys()].filter((name) => name.endsWith('/record.json'));
    expect(records).toHaveLength(2);
    const gwenJson = [...files.entries()].find(([name]) => name.includes(gwen) && name.endsWith('record.json'))?.[1];
    const gwenRecord = JSON.parse(gwenJson!.toString('utf8')) as { profile: unknown; plans: { record: unknown }[] };
    expect(gwenRecord.profile).toMatchObject({ id: gwen, firstName: 'Gwen' });
    expect(gwenRecord.plans[0]!.record).toMatchObject({ impairment: 'Dyslexia', consent: { date: '2026-01-05', method: 'in-writing' } });
    const mateoPdf = [...files.entries()].find(([name]) => name.includes(mateo) && name.endsWith('record.pdf'))?.[1];
    expect(mateoPdf!.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const manifestFile = [...files.entries()].find(([name]) => name.endsWith('/manifest.json'))?.[1];
    const manifest = JSON.parse(manifestFile!.toString('utf8')) as { records: { school: string; student: string; studentId: string; folder: string }[] };
    expect(manifest.records).toContainEqual({ school: 'Lakeside High', student: 'Gwen D.', studentId: gwen, grade: jane.grade, folder: expect.stringMatching(/\/Lakeside High\/Gwen D\. /) });

    // The browser's way: a single-use link of the same session, opened as a download.
    const { url } = (await dana.post(`/api/districts/${districtId}/export-link`)).body as { url: string };
    expect((await tom.get(`${url}?tz=UTC`)).status).toBe(404);
    const viaLink = await fetch(`${server.url}${url}?tz=UTC`, { headers: { Cookie: dana.cookie ?? '' } });
    expect(viaLink.headers.get('content-type')).toBe('application/zip');
    expect([...(await unzip(Buffer.from(await viaLink.arrayBuffer()))).keys()].filter((name) => name.endsWith('/record.pdf'))).toHaveLength(2);
    expect((await dana.get(`${url}?tz=UTC`)).status).toBe(404);

    const log = (await dana.get(`/api/students/${gwen}/access-log`)).body as { action: string; what: string; user: { name: string } }[];
    expect(log).toContainEqual(expect.objectContaining({ action: 'export', what: 'District archive (JSON and PDF)', user: expect.objectContaining({ name: 'Dana District' }) }));
  });

  it('erases the district with its name typed, as a job: every student, its schools and staff roles; not while a record is held', async () => {
    const { dana, tom, districtId, highId, gwen, mateo } = await lakeside();
    const wrong = await dana.post(`/api/districts/${districtId}/erase`, { confirmName: 'Lakeside' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ confirmName: 'Type the district’s name exactly to confirm' });
    expect((await tom.post(`/api/districts/${districtId}/erase`, { confirmName: 'Lakeside USD' })).status).toBe(404);

    expect((await dana.put(`/api/students/${gwen}/legal-hold`, { reason: 'Records request' })).status).toBe(200);
    const refused = await dana.post(`/api/districts/${districtId}/erase`, { confirmName: 'Lakeside USD' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('1 record is on legal hold: lift the hold before erasing the district');
    expect((await tom.get(`/api/students/${gwen}`)).status).toBe(200);
    // None asked for yet: an ordinary answer to her (Settings asks on every visit), still nothing to a teacher.
    const none = await dana.get(`/api/district-erasures/${districtId}`);
    expect(none.status).toBe(200);
    expect(none.body).toBeNull();
    expect((await tom.get(`/api/district-erasures/${districtId}`)).status).toBe(404);

    expect((await dana.delete(`/api/students/${gwen}/legal-hold`)).status).toBe(204);
    // The admin's page follows the run through pokes, the last one after the district (and its admins) are gone.
    const socket = await dana.openSocket();
    const pokes: number[] = [];
    socket.on('change', (change: { entity: string; id: string; revision?: number }) => {
      if (change.entity === 'districtErasure' && change.id === districtId) pokes.push(change.revision ?? -1);
    });
    const accepted = await dana.post(`/api/districts/${districtId}/erase`, { confirmName: 'Lakeside USD' });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toEqual({ id: districtId });
    // Its status is the district's admins' only: a teacher of its school learns nothing of it.
    expect((await tom.get(`/api/district-erasures/${districtId}`)).status).toBe(404);
    const end = await finished(dana, districtId);
    expect(end).toEqual({ id: districtId, status: 'done', progress: { done: 2, total: 2 }, studentsErased: 2, message: null });
    // One poke per event of the run, 'done' (its last) included.
    const last = (await server.context.eventStore.readStream(streamName('districtErasure', districtId))).at(-1)!.revision;
    await expect.poll(() => pokes.includes(last), { timeout: 10_000, interval: 20 }).toBe(true);
    expect(new Set(pokes).size).toBe(last + 1);
    socket.disconnect();
    for (const id of [gwen, mateo]) expect((await dana.get(`/api/students/${id}`)).status).toBe(404);
    expect((await dana.get(`/api/districts/${districtId}`)).status).toBe(404);
    expect((await dana.get('/api/districts')).body).toEqual([]);
    expect((await tom.get('/api/schools')).body).toEqual([]);
    expect((await tom.get(`/api/schools/${highId}/staff`)).status).toBe(404);
    // The district gone, the admin who erased it still reads the end; nobody else does.
    expect((await tom.get(`/api/district-erasures/${districtId}`)).status).toBe(404);
    expect((await dana.post(`/api/districts/${districtId}/erase`, { confirmName: 'Lakeside USD' })).status).toBe(404);
  });

  it('resumes a run a crash cut short: the half-erased student is finished, nothing is erased twice, and a re-run changes nothing', async () => {
    const { dana, districtId, gwen, mateo } = await lakeside();
    const { eventStore } = server.context;
    // What a crash leaves: the run had written that it was erasing Gwen, and her StudentDeleted, but died before her
    // key was destroyed (her name still reads in the log).
    const actor = { userId: dana.account.id };
    const options = { expectedRevision: 'any' as const, actor, correlationId: districtId, causationId: null };
    await eventStore.append(streamName('districtErasure', districtId), [
      { type: 'DistrictErasureRequested', data: { districtId, requestedBy: dana.account.id } },
      { type: 'DistrictErasureProgressed', data: { districtId, done: 0, total: 2, erasing: [gwen] } },
    ], options);
    await eventStore.append(streamName('student', gwen), [{ type: 'StudentDeleted', data: { studentId: gwen } }], options);
    expect(await namesIn(gwen)).toContain('Gwen');
    expect((await dana.get(`/api/district-erasures/${districtId}`)).body).toMatchObject({ status: 'running', progress: { done: 0, total: 2 } });

    // Erasing again takes the same run up again.
    expect((await dana.post(`/api/districts/${districtId}/erase`, { confirmName: 'Lakeside USD' })).body).toEqual({ id: districtId });
    expect(await finished(dana, districtId)).toMatchObject({ status: 'done', studentsErased: 2 });
    expect(await namesIn(gwen)).not.toContain('Gwen');
    expect(await namesIn(mateo)).not.toContain('Mateo');
    const deleted = async (id: string) => (await eventStore.readStream(streamName('student', id))).filter((event) => event.type === 'StudentDeleted').length;
    expect([await deleted(gwen), await deleted(mateo)]).toEqual([1, 1]);

    // The job delivered once more (at least once, as every job): nothing new is written.
    const before = (await eventStore.readStream(streamName('district', districtId))).length;
    await runDistrictErasure(server.context, { districtId });
    expect((await eventStore.readStream(streamName('district', districtId))).length).toBe(before);
    expect((await dana.get(`/api/district-erasures/${districtId}`)).body).toMatchObject({ status: 'done', studentsErased: 2 });
  });

  it('stops, failed and saying why, on a hold placed after it was asked for; lifted, erasing again finishes it', async () => {
    const { dana, tom, districtId, gwen, mateo } = await lakeside();
    // Asked for (the check passed), then Mateo held before the job ran.
    const options = { expectedRevision: 'any' as const, actor: { userId: dana.account.id }, correlationId: districtId, causationId: null };
    await server.context.eventStore.append(streamName('districtErasure', districtId), [{ type: 'DistrictErasureRequested', data: { districtId, requestedBy: dana.account.id } }], options);
    expect((await dana.put(`/api/students/${mateo}/legal-hold`, { reason: 'Hearing' })).status).toBe(200);
    await runDistrictErasure(server.context, { districtId });
    expect((await dana.get(`/api/district-erasures/${districtId}`)).body).toEqual({
      id: districtId,
      status: 'failed',
      progress: { done: 0, total: 0 },
      studentsErased: null,
      message: '1 record is on legal hold: lift the hold before erasing the district',
    });
    expect((await tom.get(`/api/students/${gwen}`)).status).toBe(200);
    expect((await dana.get(`/api/districts/${districtId}`)).status).toBe(200);

    // Held while its batch was being erased (the batch written, the hold in between): the student's own decision
    // refuses, the rest of the batch is let finish, and the run fails saying so.
    await server.context.eventStore.append(streamName('districtErasure', districtId), [
      { type: 'DistrictErasureRequested', data: { districtId, requestedBy: dana.account.id } },
      { type: 'DistrictErasureProgressed', data: { districtId, done: 0, total: 2, erasing: [gwen, mateo] } },
    ], options);
    await runDistrictErasure(server.context, { districtId });
    expect((await dana.get(`/api/district-erasures/${districtId}`)).body).toMatchObject({ status: 'failed', message: 'This record is on legal hold and cannot be erased: lift the hold first' });
    expect((await tom.get(`/api/students/${gwen}`)).status).toBe(404);

    expect((await dana.delete(`/api/students/${mateo}/legal-hold`)).status).toBe(204);
    expect((await dana.post(`/api/districts/${districtId}/erase`, { confirmName: 'Lakeside USD' })).status).toBe(202);
    expect(await finished(dana, districtId)).toMatchObject({ status: 'done', studentsErased: 2, message: null });
  });

  it('is taken up again when an API node starts, a run a crash cut short with nobody asking again', async () => {
    const { dana, districtId, gwen, mateo } = await lakeside();
    const options = { expectedRevision: 'any' as const, actor: { userId: dana.account.id }, correlationId: districtId, causationId: null };
    await server.context.eventStore.append(streamName('districtErasure', districtId), [
      { type: 'DistrictErasureRequested', data: { districtId, requestedBy: dana.account.id } },
      { type: 'DistrictErasureProgressed', data: { districtId, done: 0, total: 2, erasing: [gwen] } },
    ], options);
    // What the start does (startRetentionJob): every district's unfinished erasure queued again.
    expect(await resumeDistrictErasures(server.context)).toBe(1);
    expect(await finished(dana, districtId)).toMatchObject({ status: 'done', studentsErased: 2 });
    for (const id of [gwen, mateo]) expect((await dana.get(`/api/students/${id}`)).status).toBe(404);
    expect(await resumeDistrictErasures(server.context)).toBe(0);
  });
});

/** The erasure's status, read until it has finished (the job runs beside the request). */
async function finished(client: TestClient, districtId: string) {
  const end = await eventually(
    async () => (await client.get(`/api/district-erasures/${districtId}`)).body as { status: string },
    (found) => found.status === 'done' || found.status === 'failed',
    20_000,
  );
  return end;
}

/** The first names the student's stream now reads (a destroyed key reads '[erased]'). */
async function namesIn(studentId: string): Promise<string[]> {
  const events = await server.context.eventStore.readStream(streamName('student', studentId));
  return events.flatMap((event) => (event.type === 'StudentAdded' ? [String((event.data as { firstName?: unknown }).firstName)] : []));
}
