import { describe, expect, it } from 'vitest';
import { schoolYearOf } from '@accommodate/shared-events/domain/school/rollover';
import { signedInTeacher, testServerForFile, type TestClient } from '../../testing/test-server.ts';
import { jane } from '../../testing/sharing-fixtures.ts';
import { eraseRecordsPastRetention } from '../../shared/retention-job.ts';
import { awaitReadModelsAtHead } from '../../framework/handle-command.ts';

// Retention, with the server’s clock in the test’s hands: the daily job’s handler runs on a day the test
// chooses (the scheduler calls the same function), and nothing sleeps.
const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
let ahead = 0;
const server = testServerForFile({}, () => new Date(Date.now() + ahead));

async function lakeside() {
  const dana = await signedInTeacher(server.url, 'Dana District');
  const districtId = (await dana.post('/api/districts', { name: 'Lakeside USD' })).body.id as string;
  const schoolId = (await dana.post(`/api/districts/${districtId}/schools`, { name: 'Lakeside High' })).body.id as string;
  const cora = await signedInTeacher(server.url, 'Cora Coordinator');
  expect((await dana.post(`/api/schools/${schoolId}/staff`, { email: cora.account.email, role: 'coordinator' })).status).toBe(201);
  return { dana, cora, districtId, schoolId };
}
const addStudent = async (person: TestClient, schoolId: string, firstName: string, grade: string) => {
  const created = await person.post('/api/students', { ...jane, firstName, grade, schoolId });
  expect(created.status).toBe(201);
  return created.body.id as string;
};
/** Years pass: the sessions of before have ended, so each person signs in again on the new day. */
async function travel(ms: number, ...people: Awaited<ReturnType<typeof signedInTeacher>>[]) {
  ahead = ms;
  for (const person of people) expect((await person.post('/api/auth/login', { email: person.account.email, password: person.account.password })).status).toBe(200);
}
const dueNames = async (dana: TestClient, districtId: string) => ((await dana.get(`/api/districts/${districtId}/retention/due`)).body as { name: string }[]).map((due) => due.name);

describe('retention (issue 23)', () => {
  it('is set by the district admin in years; a coordinator learns nothing of it, and a bad value names the field', async () => {
    const { dana, cora, districtId } = await lakeside();
    expect((await dana.get(`/api/districts/${districtId}/retention`)).body).toEqual({ yearsAfterLeaving: null });
    expect((await dana.put(`/api/districts/${districtId}/retention`, { yearsAfterLeaving: 5 })).body).toEqual({ yearsAfterLeaving: 5 });
    expect((await dana.get(`/api/districts/${districtId}/retention`)).body).toEqual({ yearsAfterLeaving: 5 });
    expect((await dana.put(`/api/districts/${districtId}/retention`, { yearsAfterLeaving: 0 })).body.errors).toEqual({ yearsAfterLeaving: 'Keep records at least 1 year' });
    expect((await cora.get(`/api/districts/${districtId}/retention`)).status).toBe(404);
    expect((await cora.put(`/api/districts/${districtId}/retention`, { yearsAfterLeaving: 1 })).status).toBe(404);
    expect((await cora.get(`/api/districts/${districtId}/retention/due`)).status).toBe(404);
  });

  it('lists a graduate and a withdrawn student 30 days ahead, erases them when due unless held, and tells the admin with counts only', async () => {
    const { dana, cora, districtId, schoolId } = await lakeside();
    ahead = 0;
    const gwen = await addStudent(cora, schoolId, 'Gwen', '12');
    const walt = await addStudent(cora, schoolId, 'Walt', '9');
    const stay = await addStudent(cora, schoolId, 'Stella', '10');
    expect((await dana.put(`/api/districts/${districtId}/retention`, { yearsAfterLeaving: 5 })).status).toBe(200);
    // Gwen graduates at the year-end rollover; Walt withdraws (marked inactive); Stella is promoted and stays.
    const schoolYear = schoolYearOf(new Date().toISOString().slice(0, 10));
    expect((await cora.post(`/api/schools/${schoolId}/rollover`, { schoolYear, dryRun: false })).status).toBe(200);
    expect((await cora.put(`/api/students/${walt}`, { ...jane, firstName: 'Walt', grade: '9', status: 'inactive' })).status).toBe(200);
    expect(await dueNames(dana, districtId)).toEqual([]);

    await travel(5 * YEAR_MS - 20 * DAY_MS, dana, cora);
    const due = (await dana.get(`/api/districts/${districtId}/retention/due`)).body as { studentId: string; leftBecause: string; overdue: boolean; legalHold: unknown }[];
    // Gwen's clock started on the last day of the school year she finished, before the rollover; Walt's today.
    expect(due.map(({ studentId, leftBecause, legalHold }) => ({ studentId, leftBecause, legalHold })).sort((a, b) => a.leftBecause.localeCompare(b.leftBecause))).toEqual([
      { studentId: gwen, leftBecause: 'graduated', legalHold: null },
      { studentId: walt, leftBecause: 'inactive', legalHold: null },
    ]);
    expect(due.find((line) => line.studentId === walt)?.overdue).toBe(false);

    // A coordinator may not hold a record; the district admin may, and the history says so.
    expect((await cora.put(`/api/students/${gwen}/legal-hold`, { reason: 'Due process hearing' })).status).toBe(403);
    expect((await dana.put(`/api/students/${gwen}/legal-hold`, { reason: 'Due process hearing' })).status).toBe(200);
    const held = ((await dana.get(`/api/districts/${districtId}/retention/due`)).body as { studentId: string; legalHold: { reason: string } | null }[]).find((line) => line.studentId === gwen);
    expect(held?.legalHold?.reason).toBe('Due process hearing');
    const history = (await dana.get(`/api/students/${gwen}/history`)).body as { kind?: string; summary?: string }[];
    expect(JSON.stringify(history)).toContain('Legal hold placed');

    // A day past the limit, the daily job erases Walt, keeps Gwen (held) and Stella (still here).
    await travel(5 * YEAR_MS + 2 * DAY_MS, dana, cora);
    expect(await eraseRecordsPastRetention(server.context)).toEqual({ erased: 1, held: 1 });
    expect((await dana.get(`/api/students/${walt}`)).status).toBe(404);
    expect((await dana.get(`/api/students/${gwen}`)).status).toBe(200);
    expect((await dana.get(`/api/students/${stay}`)).status).toBe(200);
    // A manual delete of a held record is refused too.
    expect((await cora.delete(`/api/students/${gwen}`)).status).toBe(409);
    const notices = (await dana.get('/api/notifications')).body as { title: string; message: string }[];
    const notice = notices.find((n) => n.title === 'Records erased under your retention rule');
    expect(notice?.message).toContain('1 student record was erased');
    expect(notice?.message).not.toContain('Walt');

    // Again the same day: nothing more to do. Lifted, the held record goes at the next run.
    expect(await eraseRecordsPastRetention(server.context)).toEqual({ erased: 0, held: 1 });
    expect((await dana.delete(`/api/students/${gwen}/legal-hold`)).status).toBe(204);
    expect(await eraseRecordsPastRetention(server.context)).toEqual({ erased: 1, held: 0 });
    expect((await dana.get(`/api/students/${gwen}`)).status).toBe(404);
    expect(await dueNames(dana, districtId)).toEqual([]);
    ahead = 0;
  });

  it('is live: a hold placed or a student leaving pokes the district admin’s socket with the due list’s district; a coordinator’s socket hears nothing of it', async () => {
    const { dana, cora, districtId, schoolId } = await lakeside();
    const walt = await addStudent(cora, schoolId, 'Walt', '9');
    const [danaSocket, coraSocket] = [await dana.openSocket(), await cora.openSocket()];
    const heard = { dana: [] as { entity: string; id: string }[], cora: [] as { entity: string; id: string }[] };
    danaSocket.on('change', (change: { entity: string; id: string }) => heard.dana.push(change));
    coraSocket.on('change', (change: { entity: string; id: string }) => heard.cora.push(change));
    const retentionPokes = (who: 'dana' | 'cora') => heard[who].filter((change) => change.entity === 'retention' && change.id === districtId).length;
    try {
      // Walt withdraws: he is on the due list's clock now.
      expect((await cora.put(`/api/students/${walt}`, { ...jane, firstName: 'Walt', grade: '9', status: 'inactive' })).status).toBe(200);
      await expect.poll(() => retentionPokes('dana'), { timeout: 10_000, interval: 20 }).toBe(1);
      expect((await dana.put(`/api/students/${walt}/legal-hold`, { reason: 'Due process hearing' })).status).toBe(200);
      await expect.poll(() => retentionPokes('dana'), { timeout: 10_000, interval: 20 }).toBe(2);
      // The coordinator has heard about Walt since (her own edits' pokes, after both): never about the due list.
      expect((await cora.put(`/api/students/${walt}`, { ...jane, firstName: 'Walt', grade: '10', status: 'inactive' })).status).toBe(200);
      await expect.poll(() => retentionPokes('dana'), { timeout: 10_000, interval: 20 }).toBe(3);
      await expect.poll(() => heard.cora.filter((change) => change.entity === 'student' && change.id === walt).length, { timeout: 10_000, interval: 20 }).toBeGreaterThanOrEqual(2);
      expect(retentionPokes('cora')).toBe(0);
    } finally {
      danaSocket.disconnect();
      coraSocket.disconnect();
    }
  });

  it('tells the district admin, with a count and no name, the day records enter the 30-day window; once, and not again the next day', async () => {
    ahead = 0;
    const { dana, cora, districtId, schoolId } = await lakeside();
    const walt = await addStudent(cora, schoolId, 'Walt', '9');
    const ines = await addStudent(cora, schoolId, 'Ines', '9');
    expect((await dana.put(`/api/districts/${districtId}/retention`, { yearsAfterLeaving: 5 })).status).toBe(200);
    for (const [id, firstName] of [[walt, 'Walt'], [ines, 'Ines']] as const) {
      expect((await cora.put(`/api/students/${id}`, { ...jane, firstName, grade: '9', status: 'inactive' })).status).toBe(200);
    }
    // Their day, read from the due list a while before it.
    await travel(5 * YEAR_MS - 20 * DAY_MS, dana, cora);
    const dueOn = ((await dana.get(`/api/districts/${districtId}/retention/due`)).body as { dueOn: string }[])[0]!.dueOn;
    const windowNotices = async (person: TestClient) =>
      ((await person.get('/api/notifications')).body as { title: string; message: string }[]).filter((n) => n.title === 'Records due for erasure in 30 days');

    // Noon of the day 30 days before it: both enter the window (the job runs twice that day: one notice).
    await travel(Date.parse(`${dueOn}T12:00:00.000Z`) - 30 * DAY_MS - Date.now(), dana, cora);
    await eraseRecordsPastRetention(server.context);
    await eraseRecordsPastRetention(server.context);
    await awaitReadModelsAtHead(server.context);
    const notices = await windowNotices(dana);
    expect(notices.map((n) => n.message)).toEqual([
      `2 student records will be erased on ${dueOn} under your retention rule, 30 days from now. Review them in Settings, District, and place a legal hold on any record that must be kept.`,
    ]);
    expect(await windowNotices(cora)).toEqual([]);

    // The next day they are inside the window already: no new notice.
    await travel(Date.parse(`${dueOn}T12:00:00.000Z`) - 29 * DAY_MS - Date.now(), dana, cora);
    await eraseRecordsPastRetention(server.context);
    await awaitReadModelsAtHead(server.context);
    expect(await windowNotices(dana)).toHaveLength(1);
    ahead = 0;
  });
});

describe('a legal hold and deleting the student', () => {
  it('refuses the delete as on hold with the ETag just served, and deletes once the hold is lifted', async () => {
    const { dana, cora, schoolId } = await lakeside();
    const held = await addStudent(cora, schoolId, 'Hale', '7');
    expect((await dana.put(`/api/students/${held}/legal-hold`, { reason: 'Due process hearing' })).status).toBe(200);
    const served = (await cora.get(`/api/students/${held}`)).headers.get('etag') ?? '';
    const refused = await cora.delete(`/api/students/${held}`, { 'If-Match': served });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This record is on legal hold and cannot be erased: lift the hold first');

    expect((await dana.delete(`/api/students/${held}/legal-hold`)).status).toBe(204);
    const after = (await cora.get(`/api/students/${held}`)).headers.get('etag') ?? '';
    expect(after).not.toBe(served);
    expect((await cora.delete(`/api/students/${held}`, { 'If-Match': after })).status).toBe(204);
    expect((await cora.get(`/api/students/${held}`)).status).toBe(404);
  });
});
