import type { Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChangeMessage } from '@accommodate/shared-events/schemas/change-message';
import { addDays, earliestDay, isSchoolDay, latestToday, schoolDaysBetween } from '@accommodate/shared-events/domain/implementation-log/school-days';
import { testServerForFile } from '../../testing/test-server.ts';
import { jane, openSocket, teacher, waitFor, type Teacher } from '../../testing/sharing-fixtures.ts';

const server = testServerForFile();
const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

/** The `change` pokes a user's socket hears from now on. */
async function pokesTo(client: Teacher): Promise<ChangeMessage[]> {
  const socket = await openSocket(client);
  sockets.push(socket);
  const heard: ChangeMessage[] = [];
  socket.on('change', (message: ChangeMessage) => void heard.push(message));
  return heard;
}
const today = () => new Date().toISOString().slice(0, 10);
const extended = 'template-extended-time';
const specifics = { accommodationId: extended, details: '1.5× on tests and quizzes', where: 'Resource room', frequency: 'Every test' };

/** Olga owns Jane (extended time), shares her with an auditor, and teaches her in a class with Tom. */
async function olgaAndJane() {
  const olga = await teacher(server, 'Olga Owner');
  const abe = await teacher(server, 'Abe Auditor');
  const tom = await teacher(server, 'Tom Teacher');
  const studentId = (await olga.post('/api/students', jane)).body.id as string;
  expect((await olga.post(`/api/students/${studentId}/shares`, { email: abe.user.email, role: 'auditor' })).status).toBe(201);
  const classId = (await olga.post('/api/classes', { name: 'Period 2 Science' })).body.id as string;
  await olga.post(`/api/classes/${classId}/teachers`, { email: tom.user.email });
  // Tom takes the invitation up by loading the app.
  expect((await tom.get('/api/auth/me')).status).toBe(200);
  expect((await olga.put(`/api/classes/${classId}/students`, { studentIds: [studentId] })).status).toBe(200);
  const log = `/api/students/${studentId}/implementation-log`;
  return { olga, abe, tom, studentId, classId, log };
}

describe('implementation log API', () => {
  it('logs an entry (201), replaces it with a second (200), and a retry appends nothing (200, one entry)', async () => {
    const { olga, tom, log } = await olgaAndJane();
    const first = await olga.post(log, { date: today(), accommodationId: extended, outcome: 'provided' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ date: today(), accommodationId: extended, outcome: 'provided', note: null, loggedBy: olga.user.id });

    const refused = { date: today(), accommodationId: extended, outcome: 'refused', note: 'Wanted to finish with the class' };
    const replaced = await tom.post(log, refused);
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ ...refused, loggedBy: tom.user.id });
    const retry = await tom.post(log, refused);
    expect(retry.status).toBe(200);
    expect(retry.body.loggedAt).toBe(replaced.body.loggedAt);

    const read = await olga.get(`${log}?from=${today()}&to=${today()}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual([expect.objectContaining(refused)]);
  });

  it('marks all provided in one batch, with the status of each entry', async () => {
    const { olga, log } = await olgaAndJane();
    const batch = [{ date: today(), accommodationId: extended, outcome: 'provided' }];
    const first = await olga.post(log, batch);
    expect(first.status).toBe(201);
    expect(first.body).toEqual([{ status: 'created', entry: expect.objectContaining({ outcome: 'provided' }) }]);
    const again = await olga.post(log, batch);
    expect(again.status).toBe(200);
    expect(again.body[0].status).toBe('unchanged');
  });

  it('refuses a future date, a day before the student existed, an accommodation she never had, and "not provided" without a reason', async () => {
    const { olga, log } = await olgaAndJane();
    const future = await olga.post(log, { date: addDays(latestToday(new Date()), 1), accommodationId: extended, outcome: 'provided' });
    expect(future.status).toBe(400);
    expect(future.body.errors).toEqual({ date: 'The date cannot be in the future' });
    expect((await olga.post(log, { date: addDays(today(), -3), accommodationId: extended, outcome: 'provided' })).status).toBe(400);
    const other = await olga.post(log, { date: today(), accommodationId: 'template-preferential-seating', outcome: 'provided' });
    expect(other.status).toBe(400);
    expect(other.body.errors).toEqual({ accommodationId: 'The student did not have this accommodation on that date' });
    const noReason = await olga.post(log, { date: today(), accommodationId: extended, outcome: 'not-provided' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual({ note: 'Say why it was not provided' });
    expect((await olga.post(log, { date: today(), accommodationId: extended, outcome: 'skipped' })).status).toBe(400);
    expect((await olga.get(log)).body).toEqual([]);
  });

  it('lets an auditor read but not log, and records reads and the CSV export in the access log', async () => {
    const { olga, abe, studentId, log } = await olgaAndJane();
    await olga.post(log, { date: today(), accommodationId: extended, outcome: 'not-provided', note: 'Test was in the gym, =no room' });
    const refused = await abe.post(log, { date: today(), accommodationId: extended, outcome: 'provided' });
    expect(refused.status).toBe(403);
    expect((await abe.get(log)).body).toHaveLength(1);

    const csv = await abe.get(`${log}?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain('attachment');
    const text = csv.body as string;
    expect(text).toContain('Extended Time');
    expect(text).toContain('Not provided');
    expect(text).toContain('"Test was in the gym, =no room"');

    const accessLog = (await olga.get(`/api/students/${studentId}/access-log`)).body as { user: { id: string }; action: string; what: string }[];
    expect(accessLog).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ user: expect.objectContaining({ id: abe.user.id }), action: 'view', what: 'Implementation log' }),
        expect.objectContaining({ user: expect.objectContaining({ id: abe.user.id }), action: 'export', what: 'Implementation log (CSV)' }),
      ]),
    );
  });

  it('a read kept from before shows a new entry at once, is refused once the share is revoked, and each reader is in the access log', async () => {
    const { olga, abe, tom, studentId, log } = await olgaAndJane();
    await olga.post(log, { date: today(), accommodationId: extended, outcome: 'provided' });
    expect((await olga.get(log)).body).toEqual([expect.objectContaining({ outcome: 'provided', loggedBy: olga.user.id })]);
    expect((await abe.get(log)).body).toEqual([expect.objectContaining({ outcome: 'provided', loggedBy: olga.user.id })]);

    await tom.post(log, { date: today(), accommodationId: extended, outcome: 'absent' });
    expect((await abe.get(log)).body).toEqual([expect.objectContaining({ outcome: 'absent', loggedBy: tom.user.id })]);

    const shares = (await olga.get(`/api/students/${studentId}/shares`)).body as { id: string }[];
    for (const share of shares) expect((await olga.delete(`/api/students/${studentId}/shares/${share.id}`)).status).toBe(204);
    expect((await abe.get(log)).status).toBe(404);

    const accessLog = (await olga.get(`/api/students/${studentId}/access-log`)).body as { user: { id: string }; action: string; what: string }[];
    for (const reader of [olga, abe]) {
      expect(accessLog).toEqual(expect.arrayContaining([expect.objectContaining({ user: expect.objectContaining({ id: reader.user.id }), action: 'view', what: 'Implementation log' })]));
    }
  });

  it("lists a class's day for its teachers: each student, their accommodations with the plan's specifics, and that day's entries", async () => {
    const { olga, tom, abe, studentId, classId, log } = await olgaAndJane();
    const planId = (await olga.post(`/api/students/${studentId}/plans`, { startDate: '2026-01-05', reviewDate: '2099-01-05' })).body.id as string;
    expect((await olga.put(`/api/plans/${planId}/record`, { impairment: 'Dyslexia', consent: { date: '2026-01-05', method: 'in-writing' }, specifics: [specifics] })).status).toBe(200);
    await tom.post(log, { date: today(), accommodationId: extended, outcome: 'absent' });
    const day = await tom.get(`/api/classes/${classId}/implementation-log?date=${today()}`);
    expect(day.status).toBe(200);
    expect(day.body).toEqual({
      date: today(),
      students: [
        {
          student: { id: studentId, name: 'Jane D.', grade: '4' },
          accommodations: [expect.objectContaining({ id: extended })],
          specifics: [specifics],
          entries: [expect.objectContaining({ outcome: 'absent', loggedBy: tom.user.id })],
          canLog: true,
        },
      ],
    });
    // The specifics are what a class teacher carries out; the impairment and consent are not theirs to read.
    expect(JSON.stringify(day.body)).not.toContain('Dyslexia');
    expect((await olga.get(`/api/classes/${classId}/implementation-log`)).status).toBe(400);
    expect((await abe.get(`/api/classes/${classId}/implementation-log?date=${today()}`)).status).toBe(404);
  });

  it("lists the caller's own caseload for a day without a class: the students they log for, not those of a class or an auditor's", async () => {
    const { olga, abe, tom, studentId, log } = await olgaAndJane();
    const carl = await teacher(server, 'Carl Case');
    const ownId = (await carl.post('/api/students', { ...jane, firstName: 'Kim' })).body.id as string;
    expect((await olga.post(`/api/students/${studentId}/shares`, { email: carl.user.email, role: 'co-teacher' })).status).toBe(201);
    await olga.post(log, { date: today(), accommodationId: extended, outcome: 'provided' });
    const day = await carl.get(`/api/implementation-log/caseload?date=${today()}`);
    expect(day.status).toBe(200);
    expect(day.body.date).toBe(today());
    expect(day.body.students.map((row: { student: { id: string } }) => row.student.id)).toEqual([studentId, ownId]);
    expect(day.body.students[0]).toMatchObject({ canLog: true, specifics: [], entries: [expect.objectContaining({ outcome: 'provided', loggedBy: olga.user.id })] });
    // Carl logs from it for a student he co-teaches, without any class.
    expect((await carl.post(`/api/students/${ownId}/implementation-log`, { date: today(), accommodationId: extended, outcome: 'provided' })).status).toBe(201);
    // Tom reaches Jane only through the class, the auditor only reads: neither has her on a caseload day.
    expect((await tom.get(`/api/implementation-log/caseload?date=${today()}`)).body.students).toEqual([]);
    expect((await abe.get(`/api/implementation-log/caseload?date=${today()}`)).body.students).toEqual([]);
    expect((await carl.get('/api/implementation-log/caseload')).status).toBe(400);
    const accessLog = (await olga.get(`/api/students/${studentId}/access-log`)).body as { user: { id: string }; what: string }[];
    expect(accessLog).toEqual(expect.arrayContaining([expect.objectContaining({ user: expect.objectContaining({ id: carl.user.id }), what: 'Implementation log' })]));
  });

  it("gives the owner each student's share of school days logged, counted from the day the student came onto the record when the plan started before", async () => {
    const { olga, tom, studentId, log } = await olgaAndJane();
    await olga.post(`/api/students/${studentId}/plans`, { startDate: '2026-01-05', reviewDate: '2099-01-05' });
    await olga.post(log, { date: today(), accommodationId: extended, outcome: 'provided' });
    const coverage = await olga.get('/api/implementation-log/coverage');
    expect(coverage.status).toBe(200);
    // The student was added just now: the months of the plan before that, when no entry could be made, do not count.
    const since = earliestDay((await olga.get(`/api/students/${studentId}`)).body.createdAt);
    const schoolDays = schoolDaysBetween(since, latestToday(new Date())).length;
    expect(coverage.body).toEqual([{ studentId, since, schoolDays, loggedDays: isSchoolDay(today()) ? 1 : 0 }]);
    expect(schoolDays).toBeLessThanOrEqual(3);
    expect((await tom.get('/api/implementation-log/coverage')).body).toEqual([]);
  });

  it('pokes everyone who sees the student once a day is logged, only once the log reads it, and no one else', async () => {
    const { olga, abe, tom, studentId, log } = await olgaAndJane();
    const stranger = await teacher(server, 'Sara Stranger');
    const kimId = (await stranger.post('/api/students', { ...jane, firstName: 'Kim' })).body.id as string;
    const [toAbe, toTom, toStranger] = [await pokesTo(abe), await pokesTo(tom), await pokesTo(stranger)];
    const about = (heard: ChangeMessage[], id: string) => heard.filter((change) => change.entity === 'implementation-log' && change.id === id);

    // Two entries for the day, the second replacing the first: one poke per student for the batch.
    await olga.post(log, [
      { date: today(), accommodationId: extended, outcome: 'provided' },
      { date: today(), accommodationId: extended, outcome: 'refused', note: 'Wanted to finish with the class' },
    ]);
    await waitFor(() => about(toTom, studentId).length > 0 && about(toAbe, studentId).length > 0);
    expect(about(toTom, studentId)[0]).toEqual({ entity: 'implementation-log', id: studentId, studentId, actorId: olga.user.id });
    // What a poked browser refetches already holds the entry.
    expect((await tom.get(`/api/classes/${(await tom.get('/api/classes')).body[0].id}/implementation-log?date=${today()}`)).body.students[0].entries).toEqual([
      expect.objectContaining({ outcome: 'refused', loggedBy: olga.user.id }),
    ]);
    expect((await abe.get(log)).body).toEqual([expect.objectContaining({ outcome: 'refused' })]);

    // The stranger hears of their own student's log, and (the socket's pokes arriving in order) never heard of Jane's.
    await stranger.post(`/api/students/${kimId}/implementation-log`, { date: today(), accommodationId: extended, outcome: 'provided' });
    await waitFor(() => about(toStranger, kimId).length > 0);
    expect(about(toStranger, studentId)).toEqual([]);
  });
});
