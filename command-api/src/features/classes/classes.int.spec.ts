import type { Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChangeMessage } from '@accommodate/shared-events/schemas/change-message';
import { TestClient, testServerForFile } from '../../testing/test-server.ts';
import { jane, openSocket, teacher, waitFor, type Teacher } from '../../testing/sharing-fixtures.ts';

const server = testServerForFile();
const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

const parentInfo = { parentName: 'Pat Parent', parentEmail: 'pat@home.test', parentNotes: 'Call after 5', notes: '<p>Private</p>' };

/** Olga owns two students, one with a plan, and a class with Tom as its co-teacher. */
async function olgaWithAClass({ takenUp = true } = {}) {
  const olga = await teacher(server, 'Olga Owner');
  const tom = await teacher(server, 'Tom Teacher');
  const jack = (await olga.post('/api/students', { ...jane, firstName: 'Jack', ...parentInfo })).body.id as string;
  const jill = (await olga.post('/api/students', { ...jane, firstName: 'Jill' })).body.id as string;
  await olga.post(`/api/students/${jack}/plans`, { startDate: '2026-01-05', reviewDate: '2099-01-05' });
  const created = await olga.post('/api/classes', { name: 'Period 3 Algebra I', period: '3', subject: 'Math' });
  expect(created.status).toBe(201);
  const classId = created.body.id as string;
  expect((await olga.post(`/api/classes/${classId}/teachers`, { email: tom.user.email })).status).toBe(201);
  // Tom takes the invitation up by loading the app.
  if (takenUp) expect((await tom.get('/api/auth/me')).status).toBe(200);
  return { olga, tom, jack, jill, classId };
}
const enrol = (client: Teacher, classId: string, studentIds: string[], ifMatch?: string) =>
  client.put(`/api/classes/${classId}/students`, { studentIds }, ifMatch ? { 'If-Match': ifMatch } : {});

describe('classes API', () => {
  it('creates a class with an ETag, lists it for its teachers, and refuses a class without a name', async () => {
    const { olga, tom, classId } = await olgaWithAClass({ takenUp: false });
    // Until Tom signs in, his invitation reads as one to an address without an account.
    expect((await olga.get(`/api/classes/${classId}`)).body.teachers).toEqual([expect.objectContaining({ name: null, userId: null, email: tom.user.email, status: 'pending' })]);
    expect((await tom.get('/api/auth/me')).status).toBe(200);
    const read = await olga.get(`/api/classes/${classId}`);
    expect(read.headers.get('etag')).toMatch(/^"\d+"$/);
    expect(read.body).toMatchObject({ id: classId, name: 'Period 3 Algebra I', period: '3', subject: 'Math', room: null, status: 'active', access: 'owner', studentIds: [] });
    expect(read.body.teachers).toEqual([expect.objectContaining({ name: 'Tom Teacher', email: tom.user.email, status: 'active' })]);
    // Another teacher of the class sees names, not addresses.
    expect((await tom.get('/api/classes')).body).toEqual([expect.objectContaining({ id: classId, access: 'teacher', owner: { id: olga.user.id, name: 'Olga Owner' } })]);
    expect((await tom.get(`/api/classes/${classId}`)).body.teachers[0].email).toBeNull();

    const nameless = await olga.post('/api/classes', { name: '  ' });
    expect(nameless.status).toBe(400);
    expect(nameless.body.errors).toEqual({ name: 'Class name is required' });
  });

  it('renames with If-Match, refuses a stale one with 412, and archives (DELETE) for the owner only', async () => {
    const { olga, tom, classId } = await olgaWithAClass();
    const etag = (await olga.get(`/api/classes/${classId}`)).headers.get('etag')!;
    const renamed = await olga.patch(`/api/classes/${classId}`, { name: 'Period 4 Algebra I', room: '204' }, { 'If-Match': etag });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Period 4 Algebra I', period: '3', room: '204' });
    expect((await olga.patch(`/api/classes/${classId}`, { name: 'Stale' }, { 'If-Match': etag })).status).toBe(412);

    expect((await tom.patch(`/api/classes/${classId}`, { name: 'Mine' })).status).toBe(403);
    expect((await tom.delete(`/api/classes/${classId}`)).status).toBe(403);
    expect((await olga.delete(`/api/classes/${classId}`)).status).toBe(204);
    expect((await olga.get(`/api/classes/${classId}`)).body.status).toBe('archived');
    const late = await olga.patch(`/api/classes/${classId}`, { name: 'Too late' });
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ message: 'This class is archived' });
  });

  it('gives a class teacher the enrolled students: name, grade, accommodations and plan dates, no parent information, notes or documents', async () => {
    const { olga, tom, jack, jill, classId } = await olgaWithAClass();
    expect((await tom.get(`/api/students/${jack}`)).status).toBe(404);
    const enrolled = await enrol(olga, classId, [jack, jill]);
    expect(enrolled.status).toBe(200);
    expect(enrolled.body.studentIds).toEqual([jack, jill]);

    const seen = await tom.get(`/api/students/${jack}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ name: 'Jack D.', grade: '4', access: 'class-teacher', parentName: null, parentEmail: null, parentNotes: null, notes: null });
    expect((await tom.get(`/api/students/${jack}/documents`)).status).toBe(404);
    expect((await tom.put(`/api/students/${jack}`, jane)).status).toBe(403);

    const roster = await tom.get(`/api/classes/${classId}/roster`);
    expect(roster.body).toEqual([
      { student: { id: jack, name: 'Jack D.', grade: '4', status: 'active' }, accommodations: [expect.objectContaining({ id: 'template-extended-time', name: 'Extended Time' })], plan: { startDate: '2026-01-05', reviewDate: '2099-01-05' } },
      expect.objectContaining({ student: expect.objectContaining({ id: jill }), plan: null }),
    ]);
    expect(JSON.stringify(roster.body)).not.toContain('Pat Parent');
    // The roster is kept between reads (each poke reads it again), and a new plan shows at the next read.
    await olga.post(`/api/students/${jill}/plans`, { startDate: '2026-02-02', reviewDate: '2098-02-02' });
    const after = await tom.get(`/api/classes/${classId}/roster`);
    expect(after.body[1]).toMatchObject({ student: { id: jill }, plan: { startDate: '2026-02-02', reviewDate: '2098-02-02' } });

    // Leaving the class ends it.
    await enrol(olga, classId, [jill]);
    expect((await tom.get(`/api/students/${jack}`)).status).toBe(404);
    expect((await tom.get(`/api/classes/${classId}/roster`)).body.map((row: { student: { id: string } }) => row.student.id)).toEqual([jill]);
  });

  it('lists one class’s students with ?classId=, and hides a class the user does not teach as not found', async () => {
    const { olga, jack, jill, classId } = await olgaWithAClass();
    await enrol(olga, classId, [jill]);
    const list = await olga.get(`/api/students?classId=${classId}`);
    expect(list.body.map((student: { id: string }) => student.id)).toEqual([jill]);
    expect((await olga.get('/api/students')).body.map((student: { id: string }) => student.id).sort()).toEqual([jack, jill].sort());
    // The rows are the students list's, which carries nothing private, even for the owner.
    await enrol(olga, classId, [jack, jill]);
    const withParent = (await olga.get(`/api/students?classId=${classId}`)).body as Record<string, unknown>[];
    expect(withParent.map((student) => student.id)).toEqual([jack, jill]);
    for (const field of ['parentName', 'parentEmail', 'parentNotes', 'notes', 'birthdate']) expect(withParent[0]).not.toHaveProperty(field);

    const eve = await teacher(server, 'Eve Elsewhere');
    expect((await eve.get(`/api/students?classId=${classId}`)).status).toBe(404);
    expect((await eve.get(`/api/classes/${classId}`)).status).toBe(404);
    expect((await eve.get(`/api/classes/${classId}/roster`)).status).toBe(404);
    expect((await eve.post(`/api/classes/${classId}/roster/print`)).status).toBe(404);
    expect((await olga.get('/api/students?classId=../x')).status).toBe(404);
  });

  it('enrols only students the user may change: a stranger’s student is not found, and nothing is written', async () => {
    const { olga, jack, classId } = await olgaWithAClass();
    const eve = await teacher(server, 'Eve Elsewhere');
    const hers = (await eve.post('/api/students', jane)).body.id as string;
    const refused = await enrol(olga, classId, [jack, hers]);
    expect(refused.status).toBe(404);
    expect((await olga.get(`/api/classes/${classId}`)).body.studentIds).toEqual([]);
    expect((await enrol(olga, classId, Array.from({ length: 201 }, (_, i) => `s${i}`))).status).toBe(400);
  });

  it('leaves an invitation pending until the address is verified, then the teacher sees the class', async () => {
    const { olga, jack, classId } = await olgaWithAClass();
    await enrol(olga, classId, [jack]);
    const email = `sub-${Date.now()}@school.test`;
    const invited = await olga.post(`/api/classes/${classId}/teachers`, { email });
    expect(invited.body.teachers).toContainEqual(expect.objectContaining({ email, status: 'pending', userId: null }));
    const self = await olga.post(`/api/classes/${classId}/teachers`, { email: olga.user.email });
    expect(self.status).toBe(400);
    expect(self.body.errors).toEqual({ email: 'You already teach this class' });

    const late = new TestClient(server.url);
    await late.register('Larry Late', email);
    expect((await late.get('/api/classes')).body).toEqual([expect.objectContaining({ id: classId, access: 'teacher' })]);
    expect((await late.get(`/api/students/${jack}`)).body).toMatchObject({ access: 'class-teacher' });
  });

  it('records opening a student through a class in the access log', async () => {
    const { olga, tom, jack, classId } = await olgaWithAClass();
    await enrol(olga, classId, [jack]);
    expect((await tom.get(`/api/students/${jack}`)).status).toBe(200);
    const log = (await olga.get(`/api/students/${jack}/access-log`)).body as { user: { id: string }; what: string }[];
    expect(log.filter((entry) => entry.user.id === tom.user.id).map((entry) => entry.what)).toEqual(['Student record (through a class)']);
  });

  it('tells a co-teacher of the class, live, when a student is enrolled', async () => {
    const { olga, tom, jack, classId } = await olgaWithAClass();
    const socket = await openSocket(tom);
    sockets.push(socket);
    const changes: ChangeMessage[] = [];
    socket.on('change', (message: ChangeMessage) => void changes.push(message));
    await enrol(olga, classId, [jack]);
    await waitFor(() => changes.some((change) => change.entity === 'class' && change.id === classId));
    await waitFor(() => changes.some((change) => change.entity === 'student' && change.id === jack));
  });
});
