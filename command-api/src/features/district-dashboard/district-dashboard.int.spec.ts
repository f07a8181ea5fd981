import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addDays } from '@accommodate/shared-events/domain/district-dashboard/school-tally';
import { districtDashboardSchema, schoolFollowThroughSchema } from '@accommodate/shared-events/schemas/district-dashboard';
import { earliestDay, isSchoolDay, schoolDaysBetween } from '@accommodate/shared-events/domain/implementation-log/school-days';
import { minimumPlanRecord } from '../../testing/sharing-fixtures.ts';
import { signedInTeacher, testServerForFile, TestClient } from '../../testing/test-server.ts';
import { calendarDay } from '../../http/download-names.ts';
import { COMPRESS_FROM_BYTES } from '../../framework/read-model-cache.ts';

const server = testServerForFile();
const jane = { firstName: 'Jane', lastInitial: 'd', grade: '4', status: 'active', accommodationIds: ['template-extended-time'] };
type Client = Awaited<ReturnType<typeof signedInTeacher>>;

/** Lakeside: Dana its admin, North with Cora (coordinator) and Tom (teacher), South with nobody. */
async function lakeside() {
  const dana = await signedInTeacher(server.url, 'Dana District');
  const districtId = (await dana.post('/api/districts', { name: 'Lakeside USD' })).body.id as string;
  const northId = (await dana.post(`/api/districts/${districtId}/schools`, { name: 'North Middle' })).body.id as string;
  const southId = (await dana.post(`/api/districts/${districtId}/schools`, { name: 'South High' })).body.id as string;
  const cora = await signedInTeacher(server.url, 'Cora Coordinator');
  const tom = await signedInTeacher(server.url, 'Tom Teacher');
  expect((await dana.post(`/api/schools/${northId}/staff`, { email: cora.account.email, role: 'coordinator' })).status).toBe(201);
  expect((await dana.post(`/api/schools/${northId}/staff`, { email: tom.account.email, role: 'teacher' })).status).toBe(201);
  await dana.post(`/api/schools/${northId}/staff`, { email: `pending-${randomUUID()}@lakeside.test`, role: 'teacher' });
  // Cora and Tom take their invitations up by loading the app; the third address has no account.
  for (const who of [cora, tom]) expect((await who.get('/api/auth/me')).status).toBe(200);
  return { dana, cora, tom, districtId, northId, southId };
}

async function studentOf(tom: Client, schoolId: string, accommodationIds: string[], reviewDate: string | null) {
  const created = await tom.post('/api/students', { ...jane, accommodationIds, schoolId });
  expect(created.status).toBe(201);
  const studentId = created.body.id as string;
  if (reviewDate) expect((await tom.post(`/api/students/${studentId}/plans`, { startDate: '2025-09-01', reviewDate, status: 'active' })).status).toBe(201);
  return studentId;
}

describe('GET /api/districts/:id/dashboard', () => {
  it('gives the district admin each school’s figures and the total, reviews counted from the reader’s today', async () => {
    const { dana, tom, districtId, northId } = await lakeside();
    const today = calendarDay(new Date(), 'America/Chicago');
    await studentOf(tom, northId, ['template-extended-time', 'template-breaks'], addDays(today, -1));
    await studentOf(tom, northId, ['template-extended-time'], addDays(today, 30));
    await studentOf(tom, northId, [], null);

    const response = await dana.get(`/api/districts/${districtId}/dashboard?tz=America/Chicago`);
    expect(response.status).toBe(200);
    const dashboard = districtDashboardSchema.parse(response.body);
    expect(dashboard.today).toBe(today);
    expect(dashboard.schools.map((school) => school.name)).toEqual(['North Middle', 'South High']);
    const north = { students: 3, studentsWithActivePlan: 2, reviewsDueWithin30Days: 1, overdueReviews: 1, studentsWithoutAccommodations: 1, staff: 2 };
    expect(dashboard.schools[0]).toMatchObject(north);
    expect(dashboard.schools[0]!.topAccommodations).toEqual([{ name: 'Extended Time', count: 2 }, { name: expect.any(String), count: 1 }]);
    expect(dashboard.schools[1]).toMatchObject({ students: 0, staff: 0, topAccommodations: [] });
    expect(dashboard.total).toMatchObject(north);
    // Two schools' figures are over 1 KB: they go compressed, as the client takes gzip (Node's fetch says so).
    expect(JSON.stringify(response.body).length).toBeGreaterThanOrEqual(COMPRESS_FROM_BYTES);
    expect([response.headers.get('content-encoding'), response.headers.get('vary')]).toEqual(['gzip', 'Accept-Encoding']);
  });

  it('is not found for the school’s coordinator, its teacher and anyone outside, and asks for a sign-in', async () => {
    const { cora, tom, districtId } = await lakeside();
    const stranger = await signedInTeacher(server.url, 'Sam Stranger');
    for (const client of [cora, tom, stranger]) expect((await client.get(`/api/districts/${districtId}/dashboard`)).status).toBe(404);
    expect((await new TestClient(server.url).get(`/api/districts/${districtId}/dashboard`)).status).toBe(401);
  });

  it('tells the district admin’s browser when a figure changes, and the next read has it', async () => {
    const { dana, tom, districtId, northId } = await lakeside();
    const studentId = await studentOf(tom, northId, [], null);
    const socket = await dana.openSocket({ reconnection: false, forceNew: true });
    try {
      const poke = new Promise<unknown>((resolve) => socket.on('change', (message: { entity: string; id: string }) => message.entity === 'district' && message.id === districtId && resolve(message)));
      expect((await tom.put(`/api/students/${studentId}`, { ...jane, accommodationIds: ['template-breaks'] })).status).toBe(200);
      await poke;
      const { total } = districtDashboardSchema.parse((await dana.get(`/api/districts/${districtId}/dashboard`)).body);
      expect(total).toMatchObject({ students: 1, studentsWithoutAccommodations: 0 });
      expect(total.topAccommodations).toHaveLength(1);
    } finally {
      socket.close();
    }
  });
});

describe('GET /api/schools/:id/follow-through', () => {
  it('gives the school’s coordinator the plans not acknowledged and the days logged behind the dashboard’s figures, logged once per student listed', async () => {
    const { dana, cora, tom, districtId, northId } = await lakeside();
    const studentId = await studentOf(tom, northId, ['template-extended-time'], '2099-09-01');
    const planId = ((await tom.get('/api/plans')).body as { id: string; studentId: string }[]).find((plan) => plan.studentId === studentId)!.id;
    // The coordinator finalises it: Tom, its teacher, is asked to acknowledge it (a signer acknowledges by signing).
    await cora.put(`/api/plans/${planId}/record`, minimumPlanRecord);
    expect((await cora.post(`/api/plans/${planId}/finalise`)).status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect((await tom.post(`/api/students/${studentId}/implementation-log`, { date: today, accommodationId: 'template-extended-time', outcome: 'provided' })).status).toBeLessThan(300);

    const { schools, total } = districtDashboardSchema.parse((await dana.get(`/api/districts/${districtId}/dashboard`)).body);
    // The plan started a year before the student was added: only the days since count.
    const schoolDays = schoolDaysBetween(earliestDay((await tom.get(`/api/students/${studentId}`)).body.createdAt), today).length;
    const north = { unacknowledgedPlans: 1, plansInForce: 1, schoolDays, loggedDays: isSchoolDay(today) ? 1 : 0 };
    expect(schools[0]).toMatchObject(north);
    expect(schools[0]!.oldestUnacknowledgedSince).not.toBeNull();
    expect(total).toMatchObject(north);

    const list = await cora.get(`/api/schools/${northId}/follow-through`);
    expect(list.status).toBe(200);
    const body = schoolFollowThroughSchema.parse(list.body);
    expect(body.unacknowledged).toEqual([expect.objectContaining({ planId, studentId, studentName: 'Jane D.', version: 1, waiting: [{ userId: tom.account.id, name: 'Tom Teacher' }] })]);
    expect(body.coverage).toEqual([expect.objectContaining({ studentId, studentName: 'Jane D.', schoolDays, loggedDays: north.loggedDays })]);
    expect((await dana.get(`/api/schools/${northId}/follow-through`)).status).toBe(200);
    for (const client of [tom, await signedInTeacher(server.url, 'Sam Stranger')]) expect([403, 404]).toContain((await client.get(`/api/schools/${northId}/follow-through`)).status);

    const accessLog = (await tom.get(`/api/students/${studentId}/access-log`)).body as { user: { id: string }; what: string }[];
    expect(accessLog.filter((entry) => entry.user.id === cora.account.id && entry.what === 'School follow-through list')).toHaveLength(1);

    // Acknowledged, the plan leaves the list and the figure.
    expect((await tom.post(`/api/plans/${planId}/versions/1/acknowledgement`)).status).toBeLessThan(300);
    expect(schoolFollowThroughSchema.parse((await cora.get(`/api/schools/${northId}/follow-through`)).body).unacknowledged).toEqual([]);
    expect(districtDashboardSchema.parse((await dana.get(`/api/districts/${districtId}/dashboard`)).body).schools[0]).toMatchObject({ unacknowledgedPlans: 0, oldestUnacknowledgedSince: null });
  });

  it('names a co-teacher the coordinator shared with only once they have opened the student, as the plan’s own list does', async () => {
    const { cora, tom, northId } = await lakeside();
    const studentId = await studentOf(tom, northId, ['template-extended-time'], '2099-09-01');
    const planId = ((await tom.get('/api/plans')).body as { id: string; studentId: string }[]).find((plan) => plan.studentId === studentId)!.id;
    const quiet = await signedInTeacher(server.url, 'Quinn Quiet');
    expect((await cora.post(`/api/students/${studentId}/shares`, { email: quiet.account.email, role: 'co-teacher' })).status).toBe(201);
    await cora.put(`/api/plans/${planId}/record`, minimumPlanRecord);
    expect((await cora.post(`/api/plans/${planId}/finalise`)).status).toBe(200);

    const waiting = async () => schoolFollowThroughSchema.parse((await cora.get(`/api/schools/${northId}/follow-through`)).body).unacknowledged[0]?.waiting;
    expect(await waiting()).toEqual([{ userId: tom.account.id, name: 'Tom Teacher' }]);
    expect((await quiet.get(`/api/students/${studentId}`)).status).toBe(200);
    expect(await waiting()).toContainEqual({ userId: quiet.account.id, name: 'Quinn Quiet' });
  });
});
