import { describe, expect, it } from 'vitest';
import { addDays, isSchoolDay, latestToday, schoolDaysBetween } from '@accommodate/shared-events/domain/implementation-log/school-days';
import { signedInTeacher, testServerForFile } from '../../testing/test-server.ts';

// The district's days without school, with the server's clock in the test's hands: ten days after a student came
// onto the record, the coverage counts the school days since, less the days the district set.

const DAY_MS = 86_400_000;
let ahead = 0;
const server = testServerForFile({}, () => new Date(Date.now() + ahead));

describe('a district’s days without school', () => {
  it('are set by its admins, checked as dates, and left out of the school days the coverage counts', async () => {
    const dana = await signedInTeacher(server.url, 'Dana District');
    const tom = await signedInTeacher(server.url, 'Tom Teacher');
    const districtId = (await dana.post('/api/districts', { name: 'Lakeside USD' })).body.id as string;
    const northId = (await dana.post(`/api/districts/${districtId}/schools`, { name: 'North Middle' })).body.id as string;
    expect((await dana.post(`/api/schools/${northId}/staff`, { email: tom.account.email, role: 'teacher' })).status).toBe(201);
    const studentId = (await tom.post('/api/students', { firstName: 'Jane', lastInitial: 'd', grade: '4', status: 'active', accommodationIds: ['template-extended-time'], schoolId: northId })).body.id as string;
    expect((await tom.post(`/api/students/${studentId}/plans`, { startDate: '2025-09-01', reviewDate: '2099-09-01', status: 'active' })).status).toBe(201);

    // Ten days on, the sessions have ended: each signs in again.
    ahead = 10 * DAY_MS;
    for (const person of [dana, tom]) expect((await person.post('/api/auth/login', { email: person.account.email, password: person.account.password })).status).toBe(200);
    const coverage = async () => ((await dana.get(`/api/implementation-log/coverage?schoolId=${northId}`)).body as { studentId: string; since: string; schoolDays: number }[])[0]!;
    const before = await coverage();
    expect(before.schoolDays).toBe(schoolDaysBetween(before.since, latestToday(new Date(Date.now() + ahead))).length);
    const daysOff = schoolDaysBetween(addDays(before.since, 1), addDays(before.since, 8)).filter(isSchoolDay).slice(0, 2).reverse();

    expect((await tom.put(`/api/districts/${districtId}/non-school-days`, { dates: daysOff })).status).toBe(404);
    const wrong = await dana.put(`/api/districts/${districtId}/non-school-days`, { dates: ['2026-02-30'] });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('Use a real date in the form YYYY-MM-DD');
    const saved = await dana.put(`/api/districts/${districtId}/non-school-days`, { dates: daysOff });
    expect(saved.status).toBe(200);
    expect((await dana.get(`/api/districts/${districtId}/non-school-days`)).body).toEqual({ dates: [...daysOff].sort() });
    expect((await coverage()).schoolDays).toBe(before.schoolDays - 2);
  });
});
