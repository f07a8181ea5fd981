import { describe, expect, it } from 'vitest';
import { testServerForFile } from '../../testing/test-server.ts';
import { jane, teacher, type Teacher } from '../../testing/sharing-fixtures.ts';

const server = testServerForFile();

const addStudent = async (client: Teacher, firstName: string, accommodationIds: string[]) =>
  (await client.post('/api/students', { ...jane, firstName, accommodationIds, parentName: 'Pat Parent', notes: '<p>Private</p>' })).body.id as string;
const addClass = async (client: Teacher, form: Record<string, string>) => (await client.post('/api/classes', form)).body.id as string;
const enrol = (client: Teacher, classId: string, studentIds: string[]) => client.put(`/api/classes/${classId}/students`, { studentIds });
const accommodation = (id: string, name: string) => expect.objectContaining({ id, name, status: 'active' });

/** Olga teaches Period 1 Algebra (Jack, Jill; Tom co-teaches) and Period 2 Biology (Jill); an archived class too. */
async function olgasDay() {
  const olga = await teacher(server, 'Olga Owner');
  const tom = await teacher(server, 'Tom Teacher');
  const jack = await addStudent(olga, 'Jack', ['template-extended-time']);
  const jill = await addStudent(olga, 'Jill', ['template-breaks', 'template-quiet-space']);
  // Added in the "wrong" order: the sheet runs by period.
  const biology = await addClass(olga, { name: 'Biology', period: '2', room: '118' });
  const algebra = await addClass(olga, { name: 'Algebra I', period: '1', subject: 'Math' });
  const archived = await addClass(olga, { name: 'Old Homeroom', period: '0' });
  await enrol(olga, algebra, [jill, jack]);
  await enrol(olga, biology, [jill]);
  await enrol(olga, archived, [jack]);
  expect((await olga.delete(`/api/classes/${archived}`)).status).toBe(204);
  expect((await olga.post(`/api/classes/${algebra}/teachers`, { email: tom.user.email })).status).toBe(201);
  return { olga, tom, jack, jill, algebra, biology };
}

describe('GET /api/sub-plan/classes', () => {
  it('lists the caller’s active classes by period, each with its students’ accommodations and nothing else of the record', async () => {
    const { olga, jack, jill, algebra, biology } = await olgasDay();
    const sheet = await olga.get('/api/sub-plan/classes');
    expect(sheet.status).toBe(200);
    const jillRow = {
      student: { id: jill, name: 'Jill D.', grade: '4', status: 'active' },
      accommodations: [accommodation('template-breaks', 'Breaks'), accommodation('template-quiet-space', 'Quiet Space')],
    };
    expect(sheet.body).toEqual([
      {
        class: { id: algebra, name: 'Algebra I', period: '1', subject: 'Math', room: null },
        students: [{ student: { id: jack, name: 'Jack D.', grade: '4', status: 'active' }, accommodations: [accommodation('template-extended-time', 'Extended Time')] }, jillRow],
      },
      { class: { id: biology, name: 'Biology', period: '2', subject: null, room: '118' }, students: [jillRow] },
    ]);
    expect(JSON.stringify(sheet.body)).not.toMatch(/Pat Parent|Private/);
  });

  it('gives each accommodation what the plan records for the student (the room, the group size), not the library’s general text', async () => {
    const { olga, jill, biology } = await olgasDay();
    const planId = (await olga.post(`/api/students/${jill}/plans`, { startDate: '2025-09-01', reviewDate: '2099-06-01' })).body.id as string;
    const specifics = [{ accommodationId: 'template-breaks', details: 'A break card: five minutes outside the room', where: 'Room 118', frequency: 'Up to twice a lesson' }];
    expect((await olga.put(`/api/plans/${planId}/record`, { specifics })).status).toBe(200);
    const sheet = (await olga.get('/api/sub-plan/classes')).body as { class: { id: string }; students: { accommodations: { id: string; specifics?: string }[] }[] }[];
    const [breaks, quietSpace] = sheet.find((entry) => entry.class.id === biology)?.students[0]?.accommodations ?? [];
    expect(breaks).toMatchObject({ id: 'template-breaks', specifics: 'A break card: five minutes outside the room · Room 118 · Up to twice a lesson' });
    expect(quietSpace?.specifics).toBeUndefined();
  });

  it('gives a co-teacher of a class that class only, and someone with no classes nothing', async () => {
    const { tom, algebra } = await olgasDay();
    const sheet = await tom.get('/api/sub-plan/classes');
    expect(sheet.body.map((entry: { class: { id: string } }) => entry.class.id)).toEqual([algebra]);
    expect(sheet.body[0].students.map((row: { student: { name: string } }) => row.student.name)).toEqual(['Jack D.', 'Jill D.']);

    const eve = await teacher(server, 'Eve Elsewhere');
    expect((await eve.get('/api/sub-plan/classes')).body).toEqual([]);
  });

  it('records each student shown in the access log, once, saying when it was through a class', async () => {
    const { olga, tom, jill } = await olgasDay();
    await olga.get('/api/sub-plan/classes');
    await tom.get('/api/sub-plan/classes');
    const log = (await olga.get(`/api/students/${jill}/access-log`)).body as { user: { id: string }; what: string }[];
    expect(log.filter((entry) => entry.user.id === olga.user.id && entry.what.startsWith('Substitute plan')).map((entry) => entry.what)).toEqual(['Substitute plan']);
    expect(log.filter((entry) => entry.user.id === tom.user.id).map((entry) => entry.what)).toEqual(['Substitute plan (through a class)']);
  });
});
