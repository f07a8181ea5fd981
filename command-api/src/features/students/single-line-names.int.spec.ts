import { describe, expect, it } from 'vitest';
import { signedInTeacher, TestClient, testServerForFile } from '../../testing/test-server.ts';

const server = testServerForFile();

/** A bare CR once reached the calendar feed raw and started a property of the sender's choosing. */
const INJECTED = 'Maya\rDESCRIPTION:inj';
const refusal = (label: string) => `${label} cannot contain line breaks or control characters`;
const maya = { firstName: 'Maya', lastInitial: 'R', grade: '4', status: 'active' };

describe('single-line names and titles refuse control characters', () => {
  it('on a student, a plan and an accommodation, in the one error shape, and nothing is stored', async () => {
    const teacher = await signedInTeacher(server.url);
    for (const [field, label, value] of [
      ['firstName', 'First name', INJECTED],
      ['firstName', 'First name', 'Maya\u2028R'],
      ['status', 'Status', 'active\n'.repeat(2) + 'x'],
      ['parentName', 'Parent name', 'Pat\u0000Parent'],
    ] as const) {
      const refused = await teacher.post('/api/students', { ...maya, [field]: value });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ message: refusal(label), errors: { [field]: refusal(label) } });
    }
    expect((await teacher.get('/api/students')).body).toEqual([]);

    const student = await teacher.post('/api/students', maya);
    expect(student.status).toBe(201);

    const accommodation = await teacher.post('/api/accommodations', { name: 'Extra\rtime', category: 'academic' });
    expect(accommodation.status).toBe(400);
    expect(accommodation.body.errors).toEqual({ name: refusal('Accommodation name') });
  });

  it('on an account’s name, at registration and in settings', async () => {
    const stranger = new TestClient(server.url);
    const registered = await stranger.post('/api/auth/register', { name: 'Eve\r\nBcc: all@school.test', email: 'eve@school.test', password: 'correct horse battery' });
    expect(registered.status).toBe(400);
    expect(registered.body.errors).toEqual({ name: refusal('Full name') });

    const teacher = await signedInTeacher(server.url);
    const renamed = await teacher.put('/api/settings', { name: 'Test\u0085Teacher', email: teacher.account.email });
    expect(renamed.status).toBe(400);
    expect(renamed.body.errors).toEqual({ name: refusal('Full name') });
  });

  it('still takes names in any script, with apostrophes, hyphens and accents', async () => {
    const teacher = await signedInTeacher(server.url);
    for (const firstName of ['Zoë-Anne', "D'Angelo", '李明']) {
      expect((await teacher.post('/api/students', { ...maya, firstName })).status).toBe(201);
    }
  });
});
