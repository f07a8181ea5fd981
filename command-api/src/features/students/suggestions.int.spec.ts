import { describe, expect, it } from 'vitest';
import { testServerForFile } from '../../testing/test-server.ts';
import { jane, teacher, type Teacher } from '../../testing/sharing-fixtures.ts';

const server = testServerForFile();

const EXTENDED_TIME = 'template-extended-time';
const QUIET_SPACE = 'template-quiet-space';
const BREAKS = 'template-breaks';

const addStudent = async (client: Teacher, firstName: string, accommodationIds: string[]) => {
  const created = await client.post('/api/students', { ...jane, firstName, accommodationIds });
  expect(created.status).toBe(201);
  return created.body.id as string;
};

/** A Premium teacher whose caseload pairs Extended Time with Quiet Space three times out of four. */
async function caseloadWithAPattern() {
  const olga = await teacher(server, 'Olga Owner');
  expect((await olga.post('/api/upgrade-to-premium', {})).status).toBe(200);
  for (const name of ['Ava', 'Ben', 'Cal']) await addStudent(olga, name, [EXTENDED_TIME, QUIET_SPACE]);
  await addStudent(olga, 'Dee', [BREAKS]);
  const eli = await addStudent(olga, 'Eli', [EXTENDED_TIME]);
  return { olga, eli };
}

describe('GET /api/students/:id/suggestions', () => {
  it('suggests what often goes with the student’s accommodations in the caller’s caseload, with counts as the reason', async () => {
    const { olga, eli } = await caseloadWithAPattern();
    const answer = await olga.get(`/api/students/${eli}/suggestions`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      {
        accommodation: expect.objectContaining({ id: QUIET_SPACE, name: 'Quiet Space', category: 'academic' }),
        reason: '3 of 4 students with Extended Time also have Quiet Space',
        support: 3,
      },
    ]);
    // Nothing personal: no student's name is in the answer.
    expect(JSON.stringify(answer.body)).not.toMatch(/Ava|Ben|Cal|Dee|Eli/);
  });

  it('leaves out what the student has, and gives nothing once it is added', async () => {
    const { olga, eli } = await caseloadWithAPattern();
    const current = await olga.get(`/api/students/${eli}`);
    const saved = await olga.put(`/api/students/${eli}`, { ...jane, firstName: 'Eli', accommodationIds: [EXTENDED_TIME, QUIET_SPACE] }, { 'If-Match': current.headers.get('etag')! });
    expect(saved.status).toBe(200);
    expect((await olga.get(`/api/students/${eli}/suggestions`)).body).toEqual([]);
  });

  it('gives nothing on a caseload too small to show a pattern', async () => {
    const small = await teacher(server, 'Sam Small');
    await addStudent(small, 'Ava', [EXTENDED_TIME, QUIET_SPACE]);
    await addStudent(small, 'Ben', [EXTENDED_TIME, QUIET_SPACE]);
    const cal = await addStudent(small, 'Cal', [EXTENDED_TIME]);
    const answer = await small.get(`/api/students/${cal}/suggestions`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([]);
  });

  it('is authorised like reading the student: 404 for someone who may not see it, counted over the caller’s own caseload', async () => {
    const { olga, eli } = await caseloadWithAPattern();
    const eve = await teacher(server, 'Eve Elsewhere');
    const refused = await eve.get(`/api/students/${eli}/suggestions`);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ message: 'Student not found' });
    expect((await olga.get('/api/students/no-such-student/suggestions')).status).toBe(404);

    // A substitute sees Eli alone: their caseload shows no pattern, whatever Olga's does.
    expect((await olga.post(`/api/students/${eli}/shares`, { email: eve.user.email, role: 'substitute' })).status).toBe(201);
    const shared = await eve.get(`/api/students/${eli}/suggestions`);
    expect(shared.status).toBe(200);
    expect(shared.body).toEqual([]);
  });
});
