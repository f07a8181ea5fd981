import { describe, expect, it } from 'vitest';
import { testServerForFile } from '../../testing/test-server.ts';
import { teacher } from '../../testing/sharing-fixtures.ts';

const server = testServerForFile();
const TERM_ENDS_BEFORE_START = 'The term’s end date must be on or after its start date';

describe('a class’s term dates', () => {
  it('are optional, kept when given, and changed or cleared by PATCH', async () => {
    const olga = await teacher(server, 'Olga Owner');
    const bare = await olga.post('/api/classes', { name: 'Homeroom' });
    expect(bare.body).toMatchObject({ termStart: null, termEnd: null });

    const created = await olga.post('/api/classes', { name: 'Period 3 Algebra I', termStart: '2026-08-24', termEnd: '2027-01-15' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ termStart: '2026-08-24', termEnd: '2027-01-15' });
    const classId = created.body.id as string;

    const moved = await olga.patch(`/api/classes/${classId}`, { termEnd: '2027-06-10' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ name: 'Period 3 Algebra I', termStart: '2026-08-24', termEnd: '2027-06-10' });
    const cleared = await olga.patch(`/api/classes/${classId}`, { termStart: '', termEnd: null });
    expect(cleared.body).toMatchObject({ termStart: null, termEnd: null });
    expect((await olga.get('/api/classes')).body).toEqual(expect.arrayContaining([expect.objectContaining({ id: classId, termStart: null, termEnd: null })]));
  });

  it('refuse an end before the start with a clear message, whether both are sent or one moves past the other', async () => {
    const olga = await teacher(server, 'Olga Owner');
    const backwards = await olga.post('/api/classes', { name: 'Period 3 Algebra I', termStart: '2027-01-15', termEnd: '2026-08-24' });
    expect(backwards.status).toBe(400);
    expect(backwards.body).toEqual({ message: TERM_ENDS_BEFORE_START, errors: { termEnd: TERM_ENDS_BEFORE_START } });

    const created = await olga.post('/api/classes', { name: 'Period 3 Algebra I', termStart: '2026-08-24', termEnd: '2027-01-15' });
    const earlier = await olga.patch(`/api/classes/${created.body.id}`, { termEnd: '2026-06-01' });
    expect(earlier.status).toBe(400);
    expect(earlier.body.errors).toEqual({ termEnd: TERM_ENDS_BEFORE_START });
    expect((await olga.get(`/api/classes/${created.body.id}`)).body.termEnd).toBe('2027-01-15');

    const notADate = await olga.post('/api/classes', { name: 'Period 4', termStart: '2026-02-30' });
    expect(notADate.status).toBe(400);
    expect(notADate.body.errors).toEqual({ termStart: 'Use a real date in the form YYYY-MM-DD' });
  });
});
