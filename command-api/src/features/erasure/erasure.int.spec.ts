import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ALL_PROJECTIONS } from '@accommodate/projections/definitions/all-projections';
import { rebuildProjections } from '@accommodate/projections/runner/rebuild';
import { signedInTeacher, TestClient, testServerForFile } from '../../testing/test-server.ts';
import { linkMailedAfter } from '../../testing/outbox-mail.ts';
import { eventually } from '../../testing/eventually.ts';
import { filesContaining, storedBytesContaining } from '../../testing/stored-bytes.ts';

const server = testServerForFile();

const teacher = (name: string) => signedInTeacher(server.url, name);

/** A letters-only token no other data can contain by chance. */
const uniqueName = (prefix: string) => prefix + [...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('');


async function waitFor(check: () => boolean, ms = 8_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function pdfNaming(name: string): Blob {
  return new Blob([Buffer.from(`%PDF-1.4\n% report for ${name}\n%%EOF\n`, 'latin1')], { type: 'application/pdf' });
}

describe('permanent deletion (embedded, and PostgreSQL with `npm run test:postgres`)', () => {
  it('leaves the name of a deleted student nowhere under DATA_DIR, even after rebuilding every read model', async () => {
    const name = uniqueName('Zyxwvutsrq');
    const owner = await teacher('Olive Owner');
    const coTeacher = await teacher('Cole Colleague');
    const created = await owner.post('/api/students', {
      firstName: name,
      lastInitial: 'Q',
      grade: '4',
      status: 'active',
      parentName: `${name} Senior`,
      parentEmail: `${name.toLowerCase()}@family.test`,
      notes: `<p>${name} works best near the window</p>`,
      accommodationIds: ['template-extended-time'],
    });
    const id = created.body.id as string;
    await owner.put(`/api/students/${id}`, { ...created.body, notes: `<p>${name} moved seats</p>`, accommodationIds: ['template-small-group'] }, { 'If-Match': '"1"' });
    const planId = (await owner.post(`/api/students/${id}/plans`, { startDate: '2026-09-01', reviewDate: '2027-06-01', status: 'active' })).body.id as string;
    // The plan record, recorded and frozen in a version: both copies are sealed with the student's key.
    const record = { impairment: `Dyslexia, diagnosed for ${name}`, lifeActivities: ['Reading'], participants: [{ name: `${name} Senior`, role: 'Parent' }], consent: { date: '2026-08-30', method: 'in-writing' } };
    expect((await owner.put(`/api/plans/${planId}/record`, record)).status).toBe(200);
    expect((await owner.post(`/api/plans/${planId}/finalise`)).status).toBe(200);
    await owner.post(`/api/students/${id}/shares`, { email: coTeacher.account.email, role: 'co-teacher' });
    // The co-teacher views and uploads: an access-log entry, a document, and a notification e-mailed to the owner naming the student.
    await coTeacher.get(`/api/students/${id}`);
    const form = new FormData();
    form.append('file', pdfNaming(name), `${name}-evaluation.pdf`);
    expect((await coTeacher.request('POST', `/api/students/${id}/documents`, { rawBody: form })).status).toBe(201);
    await owner.get(`/api/students/${id}/records.json`);
    const outbox = path.join(server.dataDir, 'outbox');
    // The e-mail of the upload's notification, which names the student (the outbox holds the accounts' own mail too).
    await waitFor(() => fs.existsSync(outbox) && filesContaining(outbox, name).some((file) => file.endsWith('.eml')));
    await expect.poll(async () => (await owner.get('/api/notifications')).body.length).toBeGreaterThan(0);
    expect((await storedBytesContaining(server, name)).length).toBeGreaterThan(0); // the search can find it while it exists

    const student = await owner.get(`/api/students/${id}`);
    expect((await owner.delete(`/api/students/${id}`, { 'If-Match': `"${student.body.revision}"` })).status).toBe(204);

    expect(await storedBytesContaining(server, name)).toEqual([]);
    expect((await owner.get(`/api/students/${id}`)).status).toBe(404);
    expect((await coTeacher.get('/api/notifications')).body.concat((await owner.get('/api/notifications')).body)).toEqual([]);

    // The audit trail keeps who deleted it and when, without personal data.
    const trail = await server.context.eventStore.readStream(`student-${id}`);
    expect(trail.at(-1)).toMatchObject({ type: 'StudentDeleted', actor: { userId: owner.account.id } });
    expect(trail[0]!.data).toMatchObject({ firstName: '[erased]', parentName: '[erased]', grade: '4' });

    await rebuildProjections({ eventStore: server.context.eventStore, readStore: server.context.readStore, projections: ALL_PROJECTIONS });
    expect((await owner.get(`/api/students/${id}`)).status).toBe(404);
    expect((await owner.get('/api/students')).body).toEqual([]);

    // The real script, in its own process, against the same DATA_DIR.
    await promisify(execFile)(process.execPath, ['--import', 'tsx', 'projections/src/rebuild-cli.ts'], {
      cwd: path.resolve(import.meta.dirname, '../../../..'),
      env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'silent', MONGODB_URL: '', EVENTSTORE_URL: '', DATABASE_URL: server.context.config.databaseUrl ?? '' },
    });
    expect((await owner.get('/api/students')).body).toEqual([]);
    expect((await owner.get(`/api/students/${id}`)).status).toBe(404);
    expect(await storedBytesContaining(server, name)).toEqual([]);
  });

  it('deleting an account erases the students no co-teacher can take over, and its name and e-mail; the others pass to their co-teachers', async () => {
    const teacherName = uniqueName('Qwertzuiop');
    const owner = await teacher(teacherName);
    const coTeacher = await teacher('Cole Colleague');
    const privateName = uniqueName('Mnbvcxzlkj');
    const sharedName = uniqueName('Poiuytrewq');
    const base = { lastInitial: 'Q', grade: '2', status: 'active', accommodationIds: [] };
    await owner.post('/api/students', { ...base, firstName: privateName });
    const shared = (await owner.post('/api/students', { ...base, firstName: sharedName })).body.id as string;
    await owner.post(`/api/students/${shared}/shares`, { email: coTeacher.account.email, role: 'co-teacher' });

    // A reset link still waiting in the outbox (its record names the address too) goes with the account.
    const resetLink = await linkMailedAfter(server.dataDir, owner.account.email, '/reset-password', () =>
      new TestClient(server.url).post('/api/auth/forgot-password', { email: owner.account.email }),
    );
    expect((await owner.get('/api/account/deletion-preview')).body).toEqual({ transferred: 1, erased: 1 });
    expect((await owner.request('DELETE', '/api/account', { body: { password: 'wrong password' } })).status).toBe(400);
    const deleted = await owner.request('DELETE', '/api/account', { body: { password: owner.account.password } });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ transferred: 1, erased: 1 });

    expect((await new TestClient(server.url).post('/api/auth/login', { email: owner.account.email, password: owner.account.password })).status).toBe(401);
    expect((await owner.get('/api/auth/me')).status).toBe(401);
    expect(await storedBytesContaining(server, privateName)).toEqual([]);
    expect(await storedBytesContaining(server, teacherName)).toEqual([]);
    expect(await storedBytesContaining(server, owner.account.email)).toEqual([]);
    expect((await new TestClient(server.url).post('/api/auth/reset-password', { token: resetLink, newPassword: 'taken over!', confirmPassword: 'taken over!' })).status).toBe(400);
    const kept = await coTeacher.get(`/api/students/${shared}`);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ firstName: sharedName, ownerId: coTeacher.account.id, access: 'owner', sharedBy: null });
    // The new owner manages the student: edits it, and is told it is theirs now.
    expect((await coTeacher.put(`/api/students/${shared}`, { ...base, firstName: sharedName, grade: '3' })).status).toBe(200);
    const inbox = await eventually(
      async () => (await coTeacher.get('/api/notifications')).body as { title: string; studentId: string | null }[],
      (list) => list.some((notification) => notification.title === 'Student passed to you'),
    );
    expect(inbox.find((notification) => notification.title === 'Student passed to you')).toMatchObject({ studentId: shared });
    // The address is free again.
    expect(await new TestClient(server.url).register('New Person', owner.account.email, 'another good password')).toMatchObject({ emailVerified: true });
  });

  it('passes a student to the co-teacher who became one first; a student shared only with a substitute or auditor is erased', async () => {
    const owner = await teacher('Olive Owner');
    const [first, second, substitute] = [await teacher('Fay First'), await teacher('Sid Second'), await teacher('Sue Substitute')];
    const base = { lastInitial: 'Q', grade: '2', status: 'active', accommodationIds: [] };
    const sharedWithTwo = (await owner.post('/api/students', { ...base, firstName: 'Twin' })).body.id as string;
    await owner.post(`/api/students/${sharedWithTwo}/shares`, { email: first.account.email, role: 'co-teacher' });
    await owner.post(`/api/students/${sharedWithTwo}/shares`, { email: second.account.email, role: 'co-teacher' });
    await owner.post(`/api/students/${sharedWithTwo}/shares`, { email: substitute.account.email, role: 'substitute' });
    // A pending share stays, for the new owner to keep or revoke.
    await owner.post(`/api/students/${sharedWithTwo}/shares`, { email: 'not-yet@school.test', role: 'auditor' });
    const substituteOnly = (await owner.post('/api/students', { ...base, firstName: 'Solo' })).body.id as string;
    await owner.post(`/api/students/${substituteOnly}/shares`, { email: substitute.account.email, role: 'substitute' });

    expect((await owner.get('/api/account/deletion-preview')).body).toEqual({ transferred: 1, erased: 1 });
    const deleted = await owner.request('DELETE', '/api/account', { body: { password: owner.account.password } });
    expect(deleted.body).toEqual({ transferred: 1, erased: 1 });

    expect((await first.get(`/api/students/${sharedWithTwo}`)).body).toMatchObject({ access: 'owner' });
    expect((await second.get(`/api/students/${sharedWithTwo}`)).body).toMatchObject({ access: 'co-teacher' });
    expect((await substitute.get(`/api/students/${sharedWithTwo}`)).body).toMatchObject({ access: 'substitute' });
    const shares = (await first.get(`/api/students/${sharedWithTwo}/shares`)).body as { email: string; role: string; status: string }[];
    expect(shares.map((share) => `${share.role} ${share.status}`).sort()).toEqual(['auditor pending', 'co-teacher active', 'substitute active']);
    expect((await substitute.get(`/api/students/${substituteOnly}`)).status).toBe(404);
    const history = (await first.get(`/api/students/${sharedWithTwo}/history`)).body as { kind: string; changes: { field: string; after: unknown }[] }[];
    expect(history[0]).toMatchObject({ kind: 'Owner changed', changes: [{ field: 'owner', before: 'Unknown user', after: 'Fay First' }] });
  });

  it('tells only a signed-in user what deleting their account would do', async () => {
    expect((await new TestClient(server.url).get('/api/account/deletion-preview')).status).toBe(401);
    const loner = await teacher('Lone Teacher');
    expect((await loner.get('/api/account/deletion-preview')).body).toEqual({ transferred: 0, erased: 0 });
  });
});
