import { describe, expect, it } from 'vitest';
import { CASE_MANAGER_IS_THE_STUDENTS } from '@accommodate/shared-events/schemas/plan';
import { TestClient, testServerForFile } from '../../testing/test-server.ts';

const server = testServerForFile();

async function teacherWithStudent() {
  const client = new TestClient(server.url);
  await client.register();
  const student = await client.post('/api/students', { firstName: 'Sam', lastInitial: 'P', grade: '7', status: 'active' });
  return { client, studentId: student.body.id as string };
}

describe('plans API', () => {
  it('creates a plan for a student and lists it', async () => {
    const { client, studentId } = await teacherWithStudent();
    const created = await client.post(`/api/students/${studentId}/plans`, {
      startDate: '2025-09-01',
      reviewDate: '2026-09-01',
      userId: 1,
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('etag')).toBe('"0"');
    expect(created.body).toEqual({
      id: expect.any(String),
      studentId,
      startDate: '2025-09-01',
      reviewDate: '2026-09-01',
      status: 'active',
      meetingDate: null,
      caseManager: null,
      caseManagerName: null,
      lastUpdated: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      revision: 0,
    });

    const list = await client.get('/api/plans');
    // A list carries the plans without the case manager's name, which only the plan's own reads look up.
    const { caseManagerName: _name, ...listed } = created.body;
    expect(list.body).toEqual([listed]);
    const one = await client.get(`/api/plans/${created.body.id}`);
    expect(one.headers.get('etag')).toBe('"0"');
    expect(one.body).toEqual(created.body);
  });

  it('validates the plan form', async () => {
    const { client, studentId } = await teacherWithStudent();
    const backwards = await client.post(`/api/students/${studentId}/plans`, { startDate: '2025-09-01', reviewDate: '2025-08-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual({ reviewDate: 'Review date must be on or after the start date' });
    const badDates = await client.post(`/api/students/${studentId}/plans`, { startDate: 'tomorrow', reviewDate: '2025-08-01', status: 'done' });
    expect(badDates.body.errors).toEqual({ startDate: 'Use a date in the form YYYY-MM-DD', status: 'Please select a status' });
    // The case manager is the student's, chosen from the school's staff: a plan takes no name of its own.
    const named = await client.post(`/api/students/${studentId}/plans`, { startDate: '2025-09-01', reviewDate: '2026-09-01', caseManager: 'Ms. Rivera' });
    expect(named.status).toBe(400);
    expect(named.body.errors).toEqual({ caseManager: CASE_MANAGER_IS_THE_STUDENTS });
    expect((await client.get('/api/plans')).body).toEqual([]);
  });

  it('patches with If-Match, moves lastUpdated, and answers a stale patch with 412 and the current plan', async () => {
    const { client, studentId } = await teacherWithStudent();
    const created = await client.post(`/api/students/${studentId}/plans`, { startDate: '2025-09-01', reviewDate: '2026-09-01' });
    const id = created.body.id;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const patched = await client.patch(`/api/plans/${id}`, { meetingDate: '2026-08-20', status: 'under-review' }, { 'If-Match': '"0"' });
    expect(patched.status).toBe(200);
    expect(patched.headers.get('etag')).toBe('"1"');
    expect(patched.body).toMatchObject({ meetingDate: '2026-08-20', status: 'under-review', startDate: '2025-09-01', revision: 1 });
    expect(patched.body.lastUpdated > created.body.lastUpdated).toBe(true);

    const backwards = await client.patch(`/api/plans/${id}`, { reviewDate: '2025-01-01' }, { 'If-Match': '"1"' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual({ reviewDate: 'Review date must be on or after the start date' });

    const stale = await client.patch(`/api/plans/${id}`, { meetingDate: '2026-08-21' }, { 'If-Match': '"0"' });
    expect(stale.status).toBe(412);
    expect(stale.body.current).toMatchObject({ id, status: 'under-review', meetingDate: '2026-08-20', revision: 1 });
  });

  it('shows plans only to those who may see the student', async () => {
    const { client, studentId } = await teacherWithStudent();
    const created = await client.post(`/api/students/${studentId}/plans`, { startDate: '2025-09-01', reviewDate: '2026-09-01' });
    const stranger = new TestClient(server.url);
    await stranger.register();
    expect((await stranger.get('/api/plans')).body).toEqual([]);
    expect((await stranger.get(`/api/plans/${created.body.id}`)).status).toBe(404);
    const patch = await stranger.patch(`/api/plans/${created.body.id}`, { status: 'closed' });
    expect(patch.status).toBe(404);
    expect(patch.body).toEqual({ message: 'Plan not found' });
    expect((await client.get(`/api/plans/${created.body.id}`)).body.status).toBe('active');
  });
});
