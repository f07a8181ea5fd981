import { describe, expect, it } from 'vitest';
import { testServerForFile } from '../../testing/test-server.ts';
import { jane, teacher, type Teacher } from '../../testing/sharing-fixtures.ts';

const server = testServerForFile();

/**
 * A school with its coordinator; Olga teaches there and owns a class of it with Jack enrolled, which Tom and Cora
 * co-teach. The district admin made the school.
 */
async function schoolClass() {
  const [admin, coordinator, olga, tom, cora] = await Promise.all(
    ['District Admin', 'Coordinator', 'Olga Owner', 'Tom Teacher', 'Cora Coteacher'].map((name) => teacher(server, name)),
  ) as [Teacher, Teacher, Teacher, Teacher, Teacher];
  const districtId = (await admin.post('/api/districts', { name: 'Removal USD' })).body.id as string;
  const schoolId = (await admin.post(`/api/districts/${districtId}/schools`, { name: 'Removal Elementary' })).body.id as string;
  for (const [member, role] of [[olga, 'teacher'], [tom, 'teacher'], [coordinator, 'coordinator']] as const) {
    expect((await admin.post(`/api/schools/${schoolId}/staff`, { email: member.user.email, role })).status).toBe(201);
  }
  const jack = (await olga.post('/api/students', { ...jane, firstName: 'Jack', schoolId })).body.id as string;
  const classId = (await olga.post('/api/classes', { name: 'Period 3 Algebra I', schoolId })).body.id as string;
  for (const member of [tom, cora]) expect((await olga.post(`/api/classes/${classId}/teachers`, { email: member.user.email })).status).toBe(201);
  // Each takes the invitation up by loading the app.
  for (const member of [tom, cora, coordinator]) expect((await member.get('/api/auth/me')).status).toBe(200);
  expect((await olga.put(`/api/classes/${classId}/students`, { studentIds: [jack] })).status).toBe(200);
  const teachers = (await olga.get(`/api/classes/${classId}`)).body.teachers as { id: string; userId: string | null }[];
  const invitationOf = (member: Teacher) => teachers.find((each) => each.userId === member.user.id)!.id;
  return { admin, coordinator, olga, tom, cora, jack, classId, schoolId, invitationOf };
}

describe('removing a class teacher (DELETE /api/classes/:id/teachers/:teacherId)', () => {
  it('takes the class and its students from the teacher at once, for the owner', async () => {
    const { olga, tom, jack, classId, invitationOf } = await schoolClass();
    expect((await tom.get(`/api/students/${jack}`)).status).toBe(200);
    expect((await olga.delete(`/api/classes/${classId}/teachers/${invitationOf(tom)}`)).status).toBe(204);

    expect((await tom.get(`/api/students/${jack}`)).status).toBe(404);
    expect((await tom.get(`/api/classes/${classId}`)).status).toBe(404);
    expect((await tom.get('/api/classes')).body).toEqual([]);
    const left = (await olga.get(`/api/classes/${classId}`)).body.teachers as { userId: string }[];
    expect(left.map((each) => each.userId)).not.toContain(tom.user.id);
    // Gone is gone: a second removal names no teacher of the class.
    const again = await olga.delete(`/api/classes/${classId}/teachers/${invitationOf(tom)}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: 'Class teacher not found' });
  });

  it('is refused to a plain teacher of the class (403) and hidden from a teacher of the school who is not on it (404)', async () => {
    const { olga, tom, cora, jack, classId, invitationOf } = await schoolClass();
    const refused = await tom.delete(`/api/classes/${classId}/teachers/${invitationOf(cora)}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Only the class’s owner can change it' });
    const outsider = await teacher(server, 'Other Teacher');
    expect((await outsider.delete(`/api/classes/${classId}/teachers/${invitationOf(cora)}`)).status).toBe(404);
    expect((await cora.get(`/api/students/${jack}`)).status).toBe(200);
    expect((await olga.get(`/api/classes/${classId}`)).body.teachers).toHaveLength(2);
  });

  it('is for the school’s coordinator and the district admin too, by the teacher’s account id; never the owner', async () => {
    const { admin, coordinator, olga, tom, cora, jack, classId } = await schoolClass();
    expect((await coordinator.delete(`/api/classes/${classId}/teachers/${tom.user.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/classes/${classId}/teachers/${cora.user.id}`)).status).toBe(204);
    expect((await olga.get(`/api/classes/${classId}`)).body.teachers).toEqual([]);
    expect((await cora.get(`/api/students/${jack}`)).status).toBe(404);

    const owner = await coordinator.delete(`/api/classes/${classId}/teachers/${olga.user.id}`);
    expect(owner.status).toBe(409);
    expect(owner.body).toEqual({ message: 'The class’s owner cannot be removed from it' });
    expect((await olga.get(`/api/classes/${classId}`)).body.access).toBe('owner');
  });
});

describe('a class in a school (POST /api/classes)', () => {
  it('is made only by the school’s staff or its district’s admins; anyone else learns nothing of the school, and nothing is written', async () => {
    const { admin, cora, schoolId } = await schoolClass();
    const before = (await cora.get('/api/classes')).body.length as number;
    const refused = await cora.post('/api/classes', { name: 'Squatted class', schoolId });
    expect(refused.status).toBe(404);
    expect((await cora.get('/api/classes')).body).toHaveLength(before);
    expect((await admin.post('/api/classes', { name: 'District class', schoolId })).status).toBe(201);
    expect((await cora.post('/api/classes', { name: 'A class of my own' })).status).toBe(201);
  }, 60_000);
});
