import { describe, expect, it } from 'vitest';
import { FREE_STUDENT_LIMIT } from '@accommodate/shared-events/config/plans';
import { isSchoolDay } from '@accommodate/shared-events/domain/implementation-log/school-days';
import { signedInTeacher, testServerForFile, type TestClient } from '../../testing/test-server.ts';
import { jane } from '../../testing/sharing-fixtures.ts';
import { eventually } from '../../testing/eventually.ts';

// Students in schools. A school's coordinators and admins and its district's admins see and edit every
// student of it; a teacher sees the students they own, share or teach; nobody else sees anything of the school.
// Every test here registers a district's staff from this one address, more than the default allows in 10 minutes.
const server = testServerForFile({ REGISTRATIONS_PER_ADDRESS: '500' });


/** Lakeside USD with two schools: Cora coordinates North, Tom teaches at North, Hal coordinates South. */
async function lakeside() {
  const dana = await signedInTeacher(server.url, 'Dana District');
  const districtId = (await dana.post('/api/districts', { name: 'Lakeside USD' })).body.id as string;
  const northId = (await dana.post(`/api/districts/${districtId}/schools`, { name: 'North Elementary' })).body.id as string;
  const southId = (await dana.post(`/api/districts/${districtId}/schools`, { name: 'South Middle' })).body.id as string;
  const staff = async (schoolId: string, name: string, role: string) => {
    const person = await signedInTeacher(server.url, name);
    expect((await dana.post(`/api/schools/${schoolId}/staff`, { email: person.account.email, role })).body).toMatchObject({ status: 'pending' });
    // Loading the app takes the invitation up.
    expect((await person.get('/api/auth/me')).status).toBe(200);
    return person;
  };
  const cora = await staff(northId, 'Cora Coordinator', 'coordinator');
  const tom = await staff(northId, 'Tom Teacher', 'teacher');
  const tess = await staff(northId, 'Tess Teacher', 'teacher');
  const hal = await staff(southId, 'Hal Coordinator', 'coordinator');
  return { dana, districtId, northId, southId, cora, tom, tess, hal };
}

const addStudent = async (person: TestClient, schoolId: string | null, firstName = 'Jane') => {
  const created = await person.post('/api/students', { ...jane, firstName, schoolId });
  expect(created.status).toBe(201);
  return created.body as { id: string; schoolId: string | null; access: string };
};
const names = async (person: TestClient, query = '') => ((await person.get(`/api/students${query}`)).body as { name: string }[]).map((student) => student.name);

describe('students in schools', () => {
  it("shows a school's students to its coordinator and the district admin, and to no one else but their teacher", async () => {
    const { dana, northId, southId, cora, tom, tess, hal } = await lakeside();
    const student = await addStudent(tom, northId);
    expect(student).toMatchObject({ schoolId: northId, access: 'owner' });
    await addStudent(hal, southId, 'Sam');

    expect(await names(cora, `?schoolId=${northId}`)).toEqual(['Jane D.']);
    expect(await names(cora)).toEqual(['Jane D.']);
    expect((await cora.get(`/api/students/${student.id}`)).body).toMatchObject({ access: 'coordinator', parentName: null });
    expect((await dana.get(`/api/students/${student.id}`)).body).toMatchObject({ access: 'district-admin' });
    expect((await names(dana)).sort()).toEqual(['Jane D.', 'Sam D.']);
    // A coordinator edits (the school's duty) but does not delete (the owner's).
    expect((await cora.put(`/api/students/${student.id}`, { ...jane, grade: '5' })).body).toMatchObject({ grade: '5' });
    expect((await cora.delete(`/api/students/${student.id}`)).status).toBe(403);

    // Isolation: the other school's coordinator and a colleague without a relation see nothing of it.
    expect((await hal.get(`/api/students/${student.id}`)).status).toBe(404);
    expect(await names(hal, `?schoolId=${southId}`)).toEqual(['Sam D.']);
    expect((await hal.get(`/api/students?schoolId=${northId}`)).status).toBe(404);
    expect(await names(tess, `?schoolId=${northId}`)).toEqual([]);
    expect((await tess.get(`/api/students/${student.id}`)).status).toBe(404);
    const stranger = await signedInTeacher(server.url, 'Sue Stranger');
    expect((await stranger.get(`/api/students?schoolId=${northId}`)).status).toBe(404);
    // Writing into a school needs a role there.
    expect((await stranger.post('/api/students', { ...jane, schoolId: northId })).status).toBe(404);
    expect((await hal.post('/api/students', { ...jane, schoolId: northId })).status).toBe(404);

    // Their reads are in the student's access log, named by how they reached it.
    const log = (await tom.get(`/api/students/${student.id}/access-log`)).body as { user: { name: string } | null; role: string | null }[];
    expect(log).toEqual(expect.arrayContaining([
      expect.objectContaining({ user: expect.objectContaining({ name: 'Cora Coordinator' }), role: 'coordinator' }),
      expect.objectContaining({ user: expect.objectContaining({ name: 'Dana District' }), role: 'district-admin' }),
    ]));
  });

  it("counts a school's students against no teacher's free plan: a teacher at the limit still adds into their school", async () => {
    const { tom, northId } = await lakeside();
    for (let i = 0; i < FREE_STUDENT_LIMIT; i++) await addStudent(tom, null, `Own${i}`);
    expect((await tom.post('/api/students', jane)).status).toBe(403);
    await addStudent(tom, northId, 'Ava');
    expect((await tom.get('/api/auth/me')).body).toMatchObject({ studentCount: FREE_STUDENT_LIMIT });
  });

  it("shows the school's coordinator and district admin each student's share of school days logged, and no teacher", async () => {
    const { dana, cora, tom, hal, northId } = await lakeside();
    const ava = await addStudent(tom, northId, 'Ava');
    const ben = await addStudent(tom, northId, 'Ben');
    const today = new Date().toISOString().slice(0, 10);
    expect((await tom.post(`/api/students/${ava.id}/plans`, { startDate: '2026-01-05', reviewDate: '2099-01-05' })).status).toBe(201);
    expect((await tom.post(`/api/students/${ava.id}/implementation-log`, { date: today, accommodationId: jane.accommodationIds[0], outcome: 'provided' })).status).toBe(201);

    const coverage = (await cora.get(`/api/implementation-log/coverage?schoolId=${northId}`)).body as { studentId: string; since: string | null; schoolDays: number; loggedDays: number }[];
    const of = (id: string) => coverage.find((row) => row.studentId === id);
    // The plan started in January, but Ava is on the record only from today: today alone counts, if it is a school
    // day (the spec may run on a weekend).
    const todayCounts = isSchoolDay(today) ? 1 : 0;
    expect(of(ava.id)).toMatchObject({ since: today, schoolDays: todayCounts, loggedDays: todayCounts });
    // A student without a plan has nothing to be logged against yet.
    expect(of(ben.id)).toEqual({ studentId: ben.id, since: null, schoolDays: 0, loggedDays: 0 });
    expect((await dana.get(`/api/implementation-log/coverage?schoolId=${northId}`)).body).toHaveLength(2);
    // A teacher has their own caseload's coverage, not the school's; another school's coordinator learns nothing.
    expect((await tom.get(`/api/implementation-log/coverage?schoolId=${northId}`)).status).toBe(403);
    expect((await hal.get(`/api/implementation-log/coverage?schoolId=${northId}`)).status).toBe(404);
    expect(((await tom.get('/api/implementation-log/coverage')).body as unknown[]).length).toBe(2);
  });

  it("lists the schools a person works at, or administers, with how they reach each", async () => {
    const { dana, northId, southId, cora } = await lakeside();
    expect(((await dana.get('/api/schools')).body as { id: string; role: string }[]).map(({ id, role }) => [id, role]).sort()).toEqual(
      [[northId, 'district-admin'], [southId, 'district-admin']].sort(),
    );
    expect((await cora.get('/api/schools')).body).toEqual([{ id: northId, name: 'North Elementary', districtId: expect.any(String), role: 'coordinator' }]);
  });

  it('assigns a case manager from the school’s staff, who then manages the student, until they leave the staff', async () => {
    const { dana, northId, cora, tom, tess, hal } = await lakeside();
    const student = await addStudent(tom, northId);
    expect((await tess.put(`/api/students/${student.id}/case-manager`, { userId: tess.account.id })).status).toBe(404);
    const outsider = await cora.put(`/api/students/${student.id}/case-manager`, { userId: hal.account.id });
    expect(outsider.status).toBe(400);
    expect(outsider.body).toEqual({
      message: 'The case manager must be a member of the student’s school staff',
      errors: { userId: 'The case manager must be a member of the student’s school staff' },
    });

    const assigned = await cora.put(`/api/students/${student.id}/case-manager`, { userId: tess.account.id });
    expect(assigned.body).toMatchObject({ caseManagerId: tess.account.id });
    expect((await tess.get(`/api/students/${student.id}`)).body).toMatchObject({ access: 'case-manager' });
    expect((await tess.put(`/api/students/${student.id}`, { ...jane, status: 'issue' })).status).toBe(200);
    // A teacher may not assign one: it is the school's decision.
    expect((await tess.put(`/api/students/${student.id}/case-manager`, { userId: null })).status).toBe(403);

    const history = (await cora.get(`/api/students/${student.id}/history`)).body as { kind: string; changes: { field: string; after: unknown }[] }[];
    expect(history.find((entry) => entry.kind === 'Case manager assigned')?.changes).toEqual([{ field: 'caseManager', before: null, after: 'Tess Teacher' }]);

    expect((await dana.delete(`/api/schools/${northId}/staff/${tess.account.id}`)).status).toBe(204);
    expect((await tess.get(`/api/students/${student.id}`)).status).toBe(404);
  });

  it('moves a student to another school of the district, keeping its history; who reaches it moves with it', async () => {
    const { dana, northId, southId, cora, tom, hal } = await lakeside();
    const student = await addStudent(tom, northId);
    // A coordinator of North cannot put a student into South, where they have no role.
    expect((await cora.post(`/api/students/${student.id}/transfer`, { schoolId: southId })).status).toBe(404);
    const moved = await dana.post(`/api/students/${student.id}/transfer`, { schoolId: southId });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ schoolId: southId });

    expect((await cora.get(`/api/students/${student.id}`)).status).toBe(404);
    expect((await hal.get(`/api/students/${student.id}`)).body).toMatchObject({ access: 'coordinator', grade: '4' });
    expect((await tom.get(`/api/students/${student.id}`)).body).toMatchObject({ access: 'owner' });
    const history = (await hal.get(`/api/students/${student.id}/history`)).body as { kind: string; changes: { before: unknown; after: unknown }[] }[];
    expect(history.map((entry) => entry.kind)).toEqual(['School changed', 'Accommodations changed', 'Student added']);
    expect(history[0]!.changes).toEqual([{ field: 'school', before: 'North Elementary', after: 'South Middle' }]);

    // Only within the district: another district's school is refused by name.
    const other = await signedInTeacher(server.url, 'Olga Other');
    const otherDistrict = (await other.post('/api/districts', { name: 'Hillside USD' })).body.id as string;
    const hillside = (await other.post(`/api/districts/${otherDistrict}/schools`, { name: 'Hillside High' })).body.id as string;
    expect((await other.post(`/api/schools/${hillside}/staff`, { email: dana.account.email, role: 'admin' })).status).toBe(201);
    const refused = await dana.post(`/api/students/${student.id}/transfer`, { schoolId: hillside });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('A student can only move to another school of the same district');
  });

  it("hands what a leaving teacher owned of the school to the case manager, else the coordinator, and says so", async () => {
    const { dana, northId, cora, tom, tess } = await lakeside();
    const managed = await addStudent(tom, northId, 'Mia');
    const other = await addStudent(tom, northId, 'Leo');
    const own = await addStudent(tom, null, 'Ivy');
    await cora.put(`/api/students/${managed.id}/case-manager`, { userId: tess.account.id });

    expect((await dana.delete(`/api/schools/${northId}/staff/${tom.account.id}`)).status).toBe(204);
    expect((await tess.get(`/api/students/${managed.id}`)).body).toMatchObject({ access: 'owner' });
    expect((await cora.get(`/api/students/${other.id}`)).body).toMatchObject({ access: 'owner' });
    // What was not the school's stays theirs; the school's are not theirs any more.
    expect(await names(tom)).toEqual(['Ivy D.']);
    expect((await tom.get(`/api/students/${own.id}`)).body).toMatchObject({ access: 'owner' });

    const history = (await cora.get(`/api/students/${other.id}/history`)).body as { kind: string; changes: { before: unknown; after: unknown }[] }[];
    expect(history[0]).toMatchObject({ kind: 'Owner changed (left the school)', changes: [{ field: 'owner', before: 'Tom Teacher', after: 'Cora Coordinator' }] });
    const told = await eventually(
      async () => (await cora.get('/api/notifications')).body as { title: string; message: string }[],
      (notifications) => notifications.some((notification) => notification.title === 'Student passed to you'),
    );
    expect(told.find((notification) => notification.title === 'Student passed to you')?.message).toBe(
      "Leo D.'s owner left the school. The school passed them to you, so you are now their owner.",
    );
  });

  it('passes a school’s students to the school when their owner deletes the account, rather than erasing them', async () => {
    const { northId, cora, tom } = await lakeside();
    const student = await addStudent(tom, northId);
    expect((await tom.get('/api/account/deletion-preview')).body).toEqual({ transferred: 1, erased: 0 });
    const deleted = await tom.request('DELETE', '/api/account', { body: { password: tom.account.password } });
    expect(deleted.body).toEqual({ transferred: 1, erased: 0 });
    expect((await cora.get(`/api/students/${student.id}`)).body).toMatchObject({ access: 'owner', firstName: 'Jane' });
  });

  it('rolls a school over into the new year: a dry run first, then one event per change, once', async () => {
    const { northId, cora, tom, tess, hal } = await lakeside();
    const fourth = await addStudent(tom, northId, 'Finn');
    const senior = (await tom.post('/api/students', { ...jane, firstName: 'Sage', grade: '12', schoolId: northId })).body as { id: string };
    const plan = (await tom.post(`/api/students/${fourth.id}/plans`, { startDate: '2025-09-01', reviewDate: '2026-05-14' })).body as { id: string };
    const rollover = (person: TestClient, dryRun: boolean) => person.post(`/api/schools/${northId}/rollover`, { schoolYear: '2026-2027', dryRun });

    expect((await rollover(tess, true)).status).toBe(403);
    expect((await rollover(hal, true)).status).toBe(404);
    const preview = await rollover(cora, true);
    expect(preview.body).toEqual({
      schoolYear: '2026-2027',
      applied: false,
      highestGrade: null,
      students: [
        { studentId: fourth.id, name: 'Finn D.', change: 'promote', fromGrade: '4', toGrade: '5' },
        { studentId: senior.id, name: 'Sage D.', change: 'graduate', fromGrade: '12', toGrade: null },
      ],
      reviews: [{ planId: plan.id, studentId: fourth.id, name: 'Finn D.', fromReviewDate: '2026-05-14', toReviewDate: '2027-05-14' }],
    });
    // A dry run writes nothing.
    expect((await tom.get(`/api/students/${fourth.id}`)).body).toMatchObject({ grade: '4' });

    expect((await rollover(cora, false)).body).toMatchObject({ applied: true, students: preview.body.students, reviews: preview.body.reviews });
    expect((await tom.get(`/api/students/${fourth.id}`)).body).toMatchObject({ grade: '5' });
    expect((await tom.get(`/api/students/${senior.id}`)).body).toMatchObject({ grade: '12', status: 'inactive' });
    expect((await tom.get(`/api/plans/${plan.id}`)).body).toMatchObject({ reviewDate: '2027-05-14' });
    const history = (await tom.get(`/api/students/${fourth.id}/history`)).body as { kind: string }[];
    expect(history.map((entry) => entry.kind).slice(0, 2).sort()).toEqual(['Promoted (year-end rollover 2026-2027)', 'Review scheduled (year-end rollover 2026-2027)']);

    expect((await rollover(cora, false)).body).toMatchObject({ schoolYear: '2026-2027', applied: true, students: [], reviews: [] });
    expect((await tom.get(`/api/students/${fourth.id}`)).body).toMatchObject({ grade: '5' });
  });

  it('moves a middle school’s 8th graders up and out of it rather than into a grade 9 it does not teach', async () => {
    const { southId, hal } = await lakeside();
    const add = async (firstName: string, grade: string) => ((await hal.post('/api/students', { ...jane, firstName, grade, schoolId: southId })).body as { id: string }).id;
    const sixth = await add('Ada', '6');
    const eighth = await add('Ben', '8');
    const plan = (await hal.post(`/api/students/${eighth}/plans`, { startDate: '2025-09-01', reviewDate: '2026-05-14' })).body as { id: string };
    const rollover = (body: object) => hal.post(`/api/schools/${southId}/rollover`, { schoolYear: '2026-2027', ...body });

    const preview = (await rollover({ dryRun: true })).body as { highestGrade: string; students: unknown[]; reviews: unknown[] };
    expect(preview.highestGrade).toBe('8');
    expect(preview.students).toEqual([
      { studentId: sixth, name: 'Ada D.', change: 'promote', fromGrade: '6', toGrade: '7' },
      { studentId: eighth, name: 'Ben D.', change: 'move-up', fromGrade: '8', toGrade: null },
    ]);
    // The leaver's plan is the next school's business: no review is moved here.
    expect(preview.reviews).toEqual([]);
    // The school's own word wins over what its students suggest.
    expect(((await rollover({ dryRun: true, highestGrade: '12' })).body as { students: unknown[] }).students).toContainEqual({ studentId: eighth, name: 'Ben D.', change: 'promote', fromGrade: '8', toGrade: '9' });
    expect((await rollover({ dryRun: true, highestGrade: 'Grade 8' })).body).toMatchObject({ message: expect.any(String), errors: { highestGrade: 'Highest grade must be one of the grades, K to 12' } });

    await rollover({ dryRun: false });
    expect((await hal.get(`/api/students/${eighth}`)).body).toMatchObject({ grade: '8', status: 'inactive' });
    expect((await hal.get(`/api/students/${sixth}`)).body).toMatchObject({ grade: '7', status: 'active' });
    expect((await hal.get(`/api/plans/${plan.id}`)).body).toMatchObject({ reviewDate: '2026-05-14' });
    const history = (await hal.get(`/api/students/${eighth}/history`)).body as { kind: string }[];
    expect(history.map((entry) => entry.kind)).toContain('Moved up and left the school after grade 8 (year-end rollover 2026-2027)');
  });
});
