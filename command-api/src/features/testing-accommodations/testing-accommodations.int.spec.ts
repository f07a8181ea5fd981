import { describe, expect, it } from 'vitest';
import { testServerForFile } from '../../testing/test-server.ts';
import { teacher, type Teacher } from '../../testing/sharing-fixtures.ts';

const server = testServerForFile();
const student = (firstName: string, accommodationIds: string[]) => ({ firstName, lastInitial: 'M', grade: '5', status: 'active', accommodationIds });
const logOf = async (owner: Teacher, id: string) =>
  ((await owner.get(`/api/students/${id}/access-log`)).body as { user: { id: string }; action: string; what: string }[]).map((entry) => [entry.user.id, `${entry.action}: ${entry.what}`]);

describe('testing accommodations (issue 27)', () => {
  it('marks the templates that apply to tests, and lets a teacher mark their own', async () => {
    const owner = await teacher(server, 'Olga Owner');
    const defaults = (await owner.get('/api/accommodations/defaults')).body as { id: string; appliesToTests: boolean }[];
    expect(defaults.find((a) => a.id === 'template-extended-time')?.appliesToTests).toBe(true);
    expect(defaults.find((a) => a.id === 'template-fidget-tools')?.appliesToTests).toBe(false);
    const created = await owner.post('/api/accommodations', { name: 'Separate setting', category: 'academic', appliesToTests: true });
    expect(created.body).toMatchObject({ name: 'Separate setting', appliesToTests: true });
    const unmarked = await owner.patch(`/api/accommodations/${created.body.id}`, { name: 'Separate setting', category: 'academic', appliesToTests: false }, { 'If-Match': '"0"' });
    expect(unmarked.body.appliesToTests).toBe(false);
  });

  it('exports a class’s and the caseload’s testing accommodations as CSV, one row per student and accommodation, each in the access log', async () => {
    const owner = await teacher(server, 'Olga Owner');
    const tom = await teacher(server, 'Tom Teacher');
    const stranger = await teacher(server, 'Eve');
    const reader = (await owner.post('/api/accommodations', { name: 'Reader, "human"', category: 'academic', description: '=Read items aloud', appliesToTests: true })).body.id as string;
    const ava = (await owner.post('/api/students', student('Ava', ['template-extended-time', 'template-fidget-tools', reader]))).body.id as string;
    const ben = (await owner.post('/api/students', student('Ben', ['template-fidget-tools']))).body.id as string;
    const cy = (await owner.post('/api/students', student('Cy', ['template-small-group']))).body.id as string;
    const classId = (await owner.post('/api/classes', { name: 'Period 3 Math' })).body.id as string;
    await owner.post(`/api/classes/${classId}/teachers`, { email: tom.user.email });
    expect((await owner.put(`/api/classes/${classId}/students`, { studentIds: [ava, ben] })).status).toBe(200);

    const perClass = await tom.get(`/api/classes/${classId}/testing-accommodations.csv`);
    expect(perClass.status).toBe(200);
    expect(perClass.headers.get('content-type')).toContain('text/csv');
    expect(perClass.headers.get('content-disposition')).toMatch(/^attachment; filename="Period 3 Math - testing accommodations - \d{4}-\d{2}-\d{2}\.csv"/);
    expect((perClass.body as string).split('\r\n')).toEqual([
      'Student,Grade,Class,Accommodation,Description',
      'Ava M.,Grade 5,Period 3 Math,Extended Time,"Up to 1.5x the standard time on tests, quizzes and timed assignments."',
      'Ava M.,Grade 5,Period 3 Math,"Reader, ""human""",\'=Read items aloud',
      '',
    ]);
    expect(await logOf(owner, ava)).toContainEqual([tom.user.id, 'export: Testing accommodations (CSV) (through a class)']);
    // Ben has no testing accommodation: the list does not name him, so his log has no export.
    expect((await logOf(owner, ben)).filter(([, what]) => what?.startsWith('export'))).toEqual([]);

    const caseload = await owner.get('/api/testing-accommodations.csv');
    expect((caseload.body as string).split('\r\n').slice(0, 1)).toEqual(['Student,Grade,Accommodation,Description']);
    expect((caseload.body as string).split('\r\n').map((line) => line.split(',').slice(0, 3).join(','))).toEqual(
      expect.arrayContaining(['Ava M.,Grade 5,Extended Time', 'Cy M.,Grade 5,Small Group']),
    );
    expect(await logOf(owner, cy)).toContainEqual([owner.user.id, 'export: Testing accommodations (CSV)']);
    expect((await stranger.get(`/api/classes/${classId}/testing-accommodations.csv`)).status).toBe(404);
    expect((await stranger.get('/api/testing-accommodations.csv')).body).toBe('Student,Grade,Accommodation,Description\r\n');
  });

  it('gives the printable testing-day list of a class, and logs its print per student', async () => {
    const owner = await teacher(server, 'Olga Owner');
    const ava = (await owner.post('/api/students', student('Ava', ['template-extended-time']))).body.id as string;
    const classId = (await owner.post('/api/classes', { name: 'Period 4' })).body.id as string;
    await owner.put(`/api/classes/${classId}/students`, { studentIds: [ava] });
    const list = await owner.get(`/api/classes/${classId}/testing-accommodations`);
    expect(list.body).toEqual([
      { student: { id: ava, name: 'Ava M.', grade: '5' }, accommodations: [expect.objectContaining({ id: 'template-extended-time', name: 'Extended Time', category: 'academic' })] },
    ]);
    expect((await owner.post(`/api/classes/${classId}/testing-accommodations/print`)).status).toBe(204);
    expect(await logOf(owner, ava)).toContainEqual([owner.user.id, 'print: Testing-day list (printed)']);
  });
});
