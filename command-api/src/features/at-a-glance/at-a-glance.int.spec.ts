import { describe, expect, it } from 'vitest';
import { testServerForFile } from '../../testing/test-server.ts';
import { jane, teacher, type Teacher } from '../../testing/sharing-fixtures.ts';

const server = testServerForFile();

const EXTENDED = 'template-extended-time';
const SEATING = 'template-preferential-seating';
const BREAKS = 'template-breaks';
const QUIET = 'template-quiet-space';

const addStudent = async (owner: Teacher, firstName: string, grade: string, accommodationIds: string[]) => {
  const created = await owner.post('/api/students', { ...jane, firstName, grade, accommodationIds, parentName: 'Pat Parent', notes: '<p>Private</p>' });
  expect(created.status).toBe(201);
  return created.body.id as string;
};

/** Olga (Premium, so past the free limit) owns four students; Ava, Ben and Cal are in her class, which Tom co-teaches. */
async function olgaWithAClass() {
  const olga = await teacher(server, 'Olga Owner');
  const tom = await teacher(server, 'Tom Teacher');
  expect((await olga.post('/api/upgrade-to-premium', {})).status).toBe(200);
  const ava = await addStudent(olga, 'Ava', '4', [EXTENDED, SEATING]);
  const ben = await addStudent(olga, 'Ben', '4', [EXTENDED, SEATING, BREAKS]);
  const cal = await addStudent(olga, 'Cal', '5', [EXTENDED, QUIET]);
  const dee = await addStudent(olga, 'Dee', '5', [EXTENDED]);
  await olga.post(`/api/students/${ava}/plans`, { startDate: '2026-01-05', reviewDate: '2099-01-05' });
  const classId = (await olga.post('/api/classes', { name: 'Period 3 Algebra I', period: '3' })).body.id as string;
  expect((await olga.post(`/api/classes/${classId}/teachers`, { email: tom.user.email })).status).toBe(201);
  expect((await olga.put(`/api/classes/${classId}/students`, { studentIds: [ava, ben, cal] })).status).toBe(200);
  return { olga, tom, ava, ben, cal, dee, classId };
}

const accessLogOf = async (owner: Teacher, studentId: string) =>
  (await owner.get(`/api/students/${studentId}/access-log`)).body as { user: { id: string }; action: string; what: string }[];

describe('GET /api/accommodations/usage (group by type)', () => {
  it('lists each accommodation with its students across the caseload, most common first, filtered by class and grade', async () => {
    const { olga, ava, ben, cal, dee, classId } = await olgaWithAClass();
    const all = await olga.get('/api/accommodations/usage');
    expect(all.status).toBe(200);
    expect(all.body[0]).toEqual({
      accommodation: { id: EXTENDED, name: 'Extended Time', category: 'academic' },
      count: 4,
      students: [
        { id: ava, name: 'Ava D.', grade: '4' },
        { id: ben, name: 'Ben D.', grade: '4' },
        { id: cal, name: 'Cal D.', grade: '5' },
        { id: dee, name: 'Dee D.', grade: '5' },
      ],
    });
    expect(all.body.map((entry: { accommodation: { name: string }; count: number }) => `${entry.accommodation.name}: ${entry.count}`)).toEqual([
      'Extended Time: 4',
      'Preferential Seating: 2',
      'Breaks: 1',
      'Quiet Space: 1',
    ]);
    expect(JSON.stringify(all.body)).not.toContain('Pat Parent');

    const inClass = await olga.get(`/api/accommodations/usage?classId=${classId}`);
    expect(inClass.body[0]).toMatchObject({ accommodation: { name: 'Extended Time' }, count: 3 });
    const fifthGraders = await olga.get(`/api/accommodations/usage?classId=${classId}&grade=5`);
    expect(fifthGraders.body).toEqual([
      expect.objectContaining({ accommodation: expect.objectContaining({ name: 'Extended Time' }), count: 1, students: [{ id: cal, name: 'Cal D.', grade: '5' }] }),
      expect.objectContaining({ accommodation: expect.objectContaining({ name: 'Quiet Space' }), count: 1 }),
    ]);
    const badGrade = await olga.get('/api/accommodations/usage?grade=13');
    expect(badGrade.status).toBe(400);
    expect(badGrade.body.message).toBe('Choose a grade from K to 12');
  });

  it('shows a class teacher only the students of their classes, and a class they do not teach as not found', async () => {
    const { olga, tom, ben, cal, classId } = await olgaWithAClass();
    const seen = await tom.get('/api/accommodations/usage');
    expect(seen.body[0]).toMatchObject({ accommodation: { name: 'Extended Time' }, count: 3 });
    expect(seen.body.flatMap((entry: { students: { name: string }[] }) => entry.students.map((student) => student.name))).not.toContain('Dee D.');
    // Ava leaves the class: the very next read counts without her (a kept answer goes with the commit).
    expect((await olga.put(`/api/classes/${classId}/students`, { studentIds: [ben, cal] })).status).toBe(200);
    expect((await tom.get('/api/accommodations/usage')).body[0]).toMatchObject({ accommodation: { name: 'Extended Time' }, count: 2 });

    const eve = await teacher(server, 'Eve Elsewhere');
    expect((await eve.get('/api/accommodations/usage')).body).toEqual([]);
    const refused = await eve.get(`/api/accommodations/usage?classId=${classId}`);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ message: 'Class not found' });
    expect((await eve.post(`/api/accommodations/usage/print?classId=${classId}`)).status).toBe(404);
  });

  it('records a print of the list in the access log of each student on it, and of no other', async () => {
    const { olga, tom, ava, dee, classId } = await olgaWithAClass();
    expect((await tom.post(`/api/accommodations/usage/print?classId=${classId}`)).status).toBe(204);
    const printed = (await accessLogOf(olga, ava)).filter((entry) => entry.user.id === tom.user.id);
    expect(printed).toEqual([expect.objectContaining({ action: 'print', what: 'Accommodations at a glance (printed) (through a class)' })]);
    expect((await accessLogOf(olga, dee)).filter((entry) => entry.user.id === tom.user.id)).toEqual([]);
  });
});

describe('GET /api/students/compare', () => {
  it('puts students side by side: what they share, what each has alone, and their plan dates', async () => {
    const { olga, ava, ben, cal } = await olgaWithAClass();
    const compared = await olga.get(`/api/students/compare?ids=${ava},${ben},${cal}`);
    expect(compared.status).toBe(200);
    expect(compared.body.students.map((student: { name: string }) => student.name)).toEqual(['Ava D.', 'Ben D.', 'Cal D.']);
    expect(compared.body.students[0]).toMatchObject({ grade: '4', status: 'active', plan: { startDate: '2026-01-05', reviewDate: '2099-01-05', status: 'active' } });
    expect(compared.body.students[1].plan).toBeNull();
    expect(compared.body.shared).toEqual([{ id: EXTENDED, name: 'Extended Time', category: 'academic' }]);
    // Seating is Ava's and Ben's: not everyone's, and not one student's alone.
    expect(compared.body.only).toEqual({
      [ava]: [],
      [ben]: [{ id: BREAKS, name: 'Breaks', category: 'behavioral' }],
      [cal]: [{ id: QUIET, name: 'Quiet Space', category: 'academic' }],
    });
    expect(JSON.stringify(compared.body)).not.toContain('Pat Parent');
  });

  it('asks for 2 to 4 students, and hides the comparison if any student is not visible', async () => {
    const { olga, tom, ava, ben, cal, dee } = await olgaWithAClass();
    for (const ids of [`${ava}`, `${ava},${ava}`, `${ava},${ben},${cal},${dee},x1`]) {
      const refused = await olga.get(`/api/students/compare?ids=${ids}`);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Choose 2 to 4 students to compare');
    }
    expect((await olga.get('/api/students/compare')).status).toBe(400);
    // Query strings in other shapes (repeated, nested) are refused the same way, never a crash.
    for (const query of [`ids=${ava}&ids=${ben}`, `ids[x]=${ava}`]) expect((await olga.get(`/api/students/compare?${query}`)).status).toBe(400);
    expect((await olga.get('/api/accommodations/usage?grade=4&grade=5')).status).toBe(400);
    expect((await olga.get('/api/accommodations/usage?classId=a&classId=b')).status).toBe(404);
    // Dee is not in Tom's class: the whole comparison is not found, and nothing was logged for the others.
    const hidden = await tom.get(`/api/students/compare?ids=${ava},${dee}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ message: 'Student not found' });
    expect((await accessLogOf(olga, ava)).filter((entry) => entry.user.id === tom.user.id)).toEqual([]);
    expect((await olga.get(`/api/students/compare?ids=${ava},../x`)).status).toBe(404);
  });

  it('records each compared student’s access in their log', async () => {
    const { olga, tom, ava, ben } = await olgaWithAClass();
    expect((await tom.get(`/api/students/compare?ids=${ava},${ben}`)).status).toBe(200);
    for (const id of [ava, ben]) {
      expect((await accessLogOf(olga, id)).filter((entry) => entry.user.id === tom.user.id)).toEqual([
        expect.objectContaining({ action: 'view', what: 'Student comparison (through a class)' }),
      ]);
    }
  });
});
