import { describe, expect, it } from 'vitest';
import { signedInTeacher, testServerForFile } from '../../testing/test-server.ts';

const server = testServerForFile();

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const teacher = (name = 'Hana Historian') => signedInTeacher(server.url, name);

const mia = { firstName: 'Mia', lastInitial: 'R', grade: '5', status: 'active', accommodationIds: ['template-extended-time'] };

describe('student history and as-of', () => {
  it('lists every change newest first, with who, what, before and after', async () => {
    const client = await teacher();
    const created = await client.post('/api/students', mia);
    const id = created.body.id as string;
    await client.put(`/api/students/${id}`, { ...mia, grade: '6', accommodationIds: ['template-extended-time', 'template-preferential-seating'] }, { 'If-Match': '"1"' });
    const plan = await client.post(`/api/students/${id}/plans`, { startDate: '2026-09-01', reviewDate: '2027-06-01', status: 'draft' });
    await client.patch(`/api/plans/${plan.body.id}`, { status: 'active' }, { 'If-Match': '"0"' });

    const history = await client.get(`/api/students/${id}/history`);
    expect(history.status).toBe(200);
    const kinds = history.body.map((entry: { kind: string }) => entry.kind);
    expect(kinds).toEqual(['Plan updated', 'Plan created', 'Accommodations changed', 'Details changed', 'Accommodations changed', 'Student added']);
    expect(history.body[0]).toMatchObject({
      actor: { id: client.account.id, name: 'Hana Historian' },
      entity: 'plan',
      entityId: plan.body.id,
      changes: [{ field: 'status', before: 'draft', after: 'active' }],
    });
    expect(history.body[2].changes).toEqual([
      { field: 'accommodations', before: ['Extended Time'], after: ['Extended Time', 'Preferential Seating'] },
    ]);
    expect(history.body[3].changes).toEqual([{ field: 'grade', before: '5', after: '6' }]);
    expect(history.body[5].changes).toEqual(expect.arrayContaining([{ field: 'firstName', before: null, after: 'Mia' }]));
  });

  it('answers GET /api/students/:id?asOf= with the student, accommodations and plans as they were', async () => {
    const client = await teacher();
    const created = await client.post('/api/students', mia);
    const id = created.body.id as string;
    await pause(15);
    const beforeChange = new Date().toISOString();
    await pause(15);
    await client.put(`/api/students/${id}`, { ...mia, firstName: 'Mina', accommodationIds: ['template-preferential-seating'] }, { 'If-Match': '"1"' });
    await client.post(`/api/students/${id}/plans`, { startDate: '2026-09-01', reviewDate: '2027-06-01', status: 'draft' });

    const then = await client.get(`/api/students/${id}?asOf=${encodeURIComponent(beforeChange)}`);
    expect(then.status).toBe(200);
    expect(then.body).toMatchObject({ id, firstName: 'Mia', name: 'Mia R.', accommodationIds: ['template-extended-time'], plans: [] });
    expect(then.body.accommodations.map((a: { name: string }) => a.name)).toEqual(['Extended Time']);

    const now = await client.get(`/api/students/${id}?asOf=${encodeURIComponent(new Date().toISOString())}`);
    expect(now.body.firstName).toBe('Mina');
    expect(now.body.accommodations.map((a: { name: string }) => a.name)).toEqual(['Preferential Seating']);
    expect(now.body.plans).toHaveLength(1);

    expect((await client.get(`/api/students/${id}?asOf=2000-01-01T00:00:00Z`)).status).toBe(404);
    expect((await client.get(`/api/students/${id}?asOf=yesterday`)).status).toBe(400);
    const stranger = await teacher('Stranger');
    expect((await stranger.get(`/api/students/${id}?asOf=${encodeURIComponent(beforeChange)}`)).status).toBe(404);
    expect((await stranger.get(`/api/students/${id}/history`)).status).toBe(404);
  });

  it('reads an accommodation renamed later under the name it had then, in the as-of view and the history', async () => {
    const client = await teacher();
    const custom = await client.post('/api/accommodations', { name: 'Movement breaks every 20 minutes', category: 'behavioral', description: 'A walk to the office' });
    const created = await client.post('/api/students', { ...mia, accommodationIds: [custom.body.id] });
    const id = created.body.id as string;
    const renamed = await client.patch(`/api/accommodations/${custom.body.id}`, { name: 'Movement breaks every 30 minutes', category: 'behavioral' }, { 'If-Match': '"0"' });
    expect(renamed.status).toBe(200);

    const history = await client.get(`/api/students/${id}/history`);
    const assigned = history.body.find((entry: { kind: string }) => entry.kind === 'Accommodations changed');
    expect(assigned.changes).toEqual([{ field: 'accommodations', before: [], after: ['Movement breaks every 20 minutes'] }]);
    const then = await client.get(`/api/students/${id}?asOf=${encodeURIComponent(assigned.at)}`);
    expect(then.body.accommodations).toEqual([
      { id: custom.body.id, name: 'Movement breaks every 20 minutes', category: 'behavioral', description: 'A walk to the office', status: 'active' },
    ]);
    const now = await client.get(`/api/students/${id}?asOf=${encodeURIComponent(new Date().toISOString())}`);
    expect(now.body.accommodations).toMatchObject([{ name: 'Movement breaks every 30 minutes', description: null }]);
  });

  it('lists plan versions newest first, each with the whole plan', async () => {
    const client = await teacher();
    const student = await client.post('/api/students', mia);
    const plan = await client.post(`/api/students/${student.body.id}/plans`, { startDate: '2026-09-01', reviewDate: '2027-06-01', status: 'draft' });
    await client.patch(`/api/plans/${plan.body.id}`, { reviewDate: '2027-05-01' }, { 'If-Match': '"0"' });
    const versions = await client.get(`/api/plans/${plan.body.id}/revisions`);
    expect(versions.body.map((v: { revision: number; plan: { reviewDate: string } }) => [v.revision, v.plan.reviewDate])).toEqual([
      [1, '2027-05-01'],
      [0, '2027-06-01'],
    ]);
    expect(versions.body[0].actor).toEqual({ id: client.account.id, name: 'Hana Historian' });
  });
});
