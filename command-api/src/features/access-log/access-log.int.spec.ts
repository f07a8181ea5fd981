import { describe, expect, it } from 'vitest';
import type { Request } from 'express';
import { signedInTeacher, testServerForFile } from '../../testing/test-server.ts';
import { createAccessRecorder } from '../../shared/record-access.ts';

const server = testServerForFile();

const teacher = (name: string) => signedInTeacher(server.url, name);

/** A burst must not straddle a minute boundary, or it fairly counts twice. */
async function awayFromMinuteBoundary() {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 55_000) await new Promise((resolve) => setTimeout(resolve, 60_100 - intoMinute));
}

const student = { firstName: 'Ava', lastInitial: 'L', grade: '3', status: 'active', accommodationIds: [] };

describe('access log (FERPA 34 CFR 99.32)', () => {
  it("records another user's view with who, what and from where; a burst counts once", async () => {
    const owner = await teacher('Olive Owner');
    const coTeacher = await teacher('Cole Colleague');
    const id = (await owner.post('/api/students', student)).body.id as string;
    const shared = await owner.post(`/api/students/${id}/shares`, { email: coTeacher.account.email, role: 'co-teacher' });
    expect(shared.status).toBeLessThan(300);

    await awayFromMinuteBoundary();
    for (let i = 0; i < 3; i++) {
      expect((await coTeacher.get(`/api/students/${id}`, { 'User-Agent': 'SchoolBrowser/1.0' })).status).toBe(200);
    }
    const log = await owner.get(`/api/students/${id}/access-log`);
    expect(log.status).toBe(200);
    const byColleague = log.body.filter((entry: { user: { id: string } }) => entry.user.id === coTeacher.account.id);
    expect(byColleague).toHaveLength(1);
    expect(byColleague[0]).toMatchObject({ user: { name: 'Cole Colleague' }, action: 'view', what: 'Student record', userAgent: 'SchoolBrowser/1.0' });
    expect(byColleague[0].ip).toMatch(/127\.0\.0\.1|::1/);

    // A co-teacher may not read the log; a stranger does not even learn the student exists.
    expect((await coTeacher.get(`/api/students/${id}/access-log`)).status).toBe(403);
    const stranger = await teacher('Sam Stranger');
    expect((await stranger.get(`/api/students/${id}/access-log`)).status).toBe(404);
    expect((await stranger.get(`/api/students/${id}`)).status).toBe(404);
    const after = await owner.get(`/api/students/${id}/access-log`);
    expect(after.body.some((entry: { user: { id: string } }) => entry.user.id === stranger.account.id)).toBe(false);
  });

  it('records the reads of a student’s parts as views of the record, each on its own', async () => {
    const coTeacher = await teacher('Cole Colleague');
    let owner = coTeacher;
    // A student of its own each time (a free account holds three), as a second read within the minute counts once.
    const readBy = async (path: (studentId: string) => Promise<string>) => {
      owner = await teacher('Olive Owner');
      const id = (await owner.post('/api/students', student)).body.id as string;
      expect((await owner.post(`/api/students/${id}/shares`, { email: coTeacher.account.email, role: 'co-teacher' })).status).toBe(201);
      expect((await coTeacher.get(await path(id))).status).toBe(200);
      const log = (await owner.get(`/api/students/${id}/access-log`)).body as { user: { id: string }; action: string; what: string }[];
      return log.filter((entry) => entry.user.id === coTeacher.account.id).map(({ action, what }) => ({ action, what }));
    };
    const viewed = [{ action: 'view', what: 'Student record' }];
    for (const part of ['accommodations', 'documents', 'shares', 'suggestions']) {
      expect(await readBy(async (id) => `/api/students/${id}/${part}`), part).toEqual(viewed);
    }
    let planId = '';
    const acknowledgements = await readBy(async (id) => {
      planId = (await owner.post(`/api/students/${id}/plans`, { startDate: '2025-09-01', reviewDate: '2026-09-01', status: 'active' })).body.id as string;
      return `/api/plans/${planId}/acknowledgements`;
    });
    expect(acknowledgements).toEqual([{ action: 'view', what: `Plan ${planId}` }]);
  }, 60_000);

  it('counts a burst once even when two API nodes record it at the same moment', async () => {
    const owner = await teacher('Olive Owner');
    const id = (await owner.post('/api/students', student)).body.id as string;
    await awayFromMinuteBoundary();
    // Two recorders with their own memory, as on two nodes, sharing one event store.
    const nodes = [createAccessRecorder(server.context), createAccessRecorder(server.context)];
    const req = { ip: '10.0.0.9', get: () => 'NodeTest/1' } as unknown as Request;
    await Promise.all(nodes.flatMap((record) => [1, 2, 3].map(() => record(req, { studentId: id, userId: owner.account.id, action: 'download', what: 'Document x' }))));
    const log = await owner.get(`/api/students/${id}/access-log`);
    expect(log.body.filter((entry: { action: string }) => entry.action === 'download')).toHaveLength(1);
  });

  it('lets an auditor read the log', async () => {
    const owner = await teacher('Olive Owner');
    const auditor = await teacher('Aude Auditor');
    const id = (await owner.post('/api/students', student)).body.id as string;
    await owner.post(`/api/students/${id}/shares`, { email: auditor.account.email, role: 'auditor' });
    await owner.get(`/api/students/${id}`);
    const log = await auditor.get(`/api/students/${id}/access-log`);
    expect(log.status).toBe(200);
    expect(log.body.map((entry: { user: { name: string } }) => entry.user.name)).toContain('Olive Owner');
  });

  it('records prints, PDF exports and records exports, and downloads the log as CSV', async () => {
    const owner = await teacher('Olive Owner');
    const id = (await owner.post('/api/students', student)).body.id as string;
    expect((await owner.post(`/api/students/${id}/access-log/print`)).status).toBe(204);
    expect((await owner.get(`/api/students/${id}/accommodations.pdf`)).status).toBe(200);
    const records = await owner.get(`/api/students/${id}/records.pdf`);
    expect(records.status).toBe(200);
    // Files say what they are (the date is the reader's day: download-names.unit.spec.ts), never a uuid.
    expect(records.headers.get('content-disposition')).toMatch(/^attachment; filename="Ava L\. - student record - \d{4}-\d{2}-\d{2}\.pdf"/);

    const log = await owner.get(`/api/students/${id}/access-log`);
    expect(log.body.map((entry: { action: string; what: string }) => `${entry.action}: ${entry.what}`)).toEqual([
      'export: Records export (PDF)',
      'export: Accommodations (PDF)',
      'print: Student record (printed)',
    ]);

    const csv = await owner.get(`/api/students/${id}/access-log?format=csv`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="Ava L\. - access log - \d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (csv.body as string).trim().split('\r\n');
    expect(lines[0]).toBe('When (UTC),Who,Role,User id,Action,What,IP address,User agent');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('Olive Owner');
    expect(lines[1]).toContain('Records export (PDF)');
  });
  it('keeps who accessed, with their role, as they were: a later rename or account deletion changes no entry', async () => {
    const owner = await teacher('Olive Owner');
    const coTeacher = await teacher('Cole Colleague');
    const id = (await owner.post('/api/students', student)).body.id as string;
    await owner.post(`/api/students/${id}/shares`, { email: coTeacher.account.email, role: 'co-teacher' });
    expect((await coTeacher.get(`/api/students/${id}`)).status).toBe(200);
    expect((await owner.get(`/api/students/${id}/history`)).status).toBe(200);

    expect((await owner.put('/api/settings', { name: 'Olive Renamed', email: owner.account.email })).status).toBe(200);
    expect((await coTeacher.request('DELETE', '/api/account', { body: { password: coTeacher.account.password } })).status).toBe(200);

    const log = await owner.get(`/api/students/${id}/access-log`);
    const who = log.body.map((entry: { user: { name: string }; role: string; what: string }) => `${entry.user.name} (${entry.role}): ${entry.what}`);
    expect(who).toEqual(['Olive Owner (owner): Student record history', 'Cole Colleague (co-teacher): Student record']);
    const csv = (await owner.get(`/api/students/${id}/access-log?format=csv`)).body as string;
    expect(csv).toContain('Cole Colleague,Co-teacher,');
  });

  it("records views of the history, a plan, its versions and the substitute's sub plan", async () => {
    const owner = await teacher('Olive Owner');
    const substitute = await teacher('Sue Substitute');
    const id = (await owner.post('/api/students', student)).body.id as string;
    const planId = (await owner.post(`/api/students/${id}/plans`, { startDate: '2026-09-01', reviewDate: '2027-06-01', status: 'active' })).body.id as string;
    await owner.post(`/api/students/${id}/shares`, { email: substitute.account.email, role: 'substitute' });

    expect((await owner.get(`/api/students/${id}/history`)).status).toBe(200);
    expect((await owner.get(`/api/plans/${planId}`)).status).toBe(200);
    expect((await owner.get(`/api/plans/${planId}/versions`)).status).toBe(200);
    expect((await substitute.get('/api/sub-plan')).status).toBe(200);

    const log = await owner.get(`/api/students/${id}/access-log`);
    const seen = log.body.map((entry: { user: { name: string }; action: string; what: string }) => `${entry.user.name} ${entry.action}: ${entry.what}`);
    expect(seen).toEqual([
      'Sue Substitute view: Substitute plan',
      `Olive Owner view: Plan ${planId} versions`,
      `Olive Owner view: Plan ${planId}`,
      'Olive Owner view: Student record history',
    ]);
  });
});

describe('records export', () => {
  it('holds profile, accommodations, plans, notes as text, documents and history', async () => {
    const owner = await teacher('Olive Owner');
    const created = await owner.post('/api/students', {
      ...student,
      parentName: 'Pat Parent',
      notes: '<p>Needs <strong>quiet</strong> room</p><p>Second line</p>',
      accommodationIds: ['template-extended-time'],
    });
    const id = created.body.id as string;
    await owner.post(`/api/students/${id}/plans`, { startDate: '2026-09-01', reviewDate: '2027-06-01', status: 'active' });
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1')], { type: 'application/pdf' }), 'evaluation.pdf');
    expect((await owner.request('POST', `/api/students/${id}/documents`, { rawBody: form })).status).toBe(201);

    const record = await owner.get(`/api/students/${id}/records.json`);
    expect(record.status).toBe(200);
    expect(record.headers.get('content-disposition')).toMatch(/^attachment; filename="Ava L\. - student record - \d{4}-\d{2}-\d{2}\.json"/);
    expect(record.body.profile).toMatchObject({ id, firstName: 'Ava', parentName: 'Pat Parent' });
    expect(record.body.accommodations.map((a: { name: string }) => a.name)).toEqual(['Extended Time']);
    expect(record.body.plans).toMatchObject([{ startDate: '2026-09-01', status: 'active' }]);
    expect(record.body.notes).toBe('Needs quiet room\nSecond line');
    expect(record.body.documents).toMatchObject([{ name: 'evaluation.pdf', mimeType: 'application/pdf' }]);
    expect(record.body.history.map((entry: { kind: string }) => entry.kind)).toEqual(
      expect.arrayContaining(['Student added', 'Plan created', 'Document uploaded']),
    );
    const pdf = await owner.get(`/api/students/${id}/records.pdf?tz=America%2FChicago`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((pdf.body as string).startsWith('%PDF')).toBe(true);
    // Its moments are in the reader's time zone, which must be one.
    const badZone = await owner.get(`/api/students/${id}/records.pdf?tz=Mars%2FOlympus`);
    expect(badZone.status).toBe(400);
    expect(badZone.body).toEqual({ message: 'tz must be a time zone such as America/Chicago' });
  });
});
