import { describe, expect, it } from 'vitest';
import { FREE_LIMIT_REACHED, STUDENT_ARCHIVED } from '@accommodate/shared-events/domain/student/decide-student';
import { NOT_PREMIUM } from '@accommodate/shared-events/domain/account/decide-user';
import { SYSTEM_ACTOR } from '@accommodate/shared-events/events/envelope';
import { signedInTeacher, testServerForFile } from '../../testing/test-server.ts';

/** A Premium member cancels in the app; the account is Free, the students beyond 3 are archived, not deleted. */
const server = testServerForFile();

const student = (firstName: string) => ({ firstName, lastInitial: 'P', grade: '4', status: 'active', accommodationIds: [] });

async function premiumTeacherWithFive() {
  const teacher = await signedInTeacher(server.url, 'Pia Premium');
  expect((await teacher.post('/api/upgrade-to-premium', {})).status).toBe(200);
  const ids: string[] = [];
  // One after the other, so that the order they were added in is theirs.
  for (const name of ['Ann', 'Ben', 'Cal', 'Dee', 'Eve']) ids.push((await teacher.post('/api/students', student(name))).body.id as string);
  return { teacher, ids };
}

const archivedByName = async (teacher: Awaited<ReturnType<typeof signedInTeacher>>) =>
  Object.fromEntries(((await teacher.get('/api/students')).body as { firstName: string; archived: boolean }[]).map((each) => [each.firstName, each.archived]));

describe('cancelling Premium', () => {
  it('makes the account Free and archives the students beyond the first 3 added; nothing is deleted', async () => {
    const { teacher } = await premiumTeacherWithFive();
    const cancelled = await teacher.post('/api/cancel-premium', {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ isPremium: false, studentLimit: 3, studentCount: 3 });
    expect(await archivedByName(teacher)).toEqual({ Ann: false, Ben: false, Cal: false, Dee: true, Eve: true });
    expect((await teacher.get('/api/auth/user')).body).toMatchObject({ isPremium: false, studentCount: 3 });

    // A Free account cannot cancel, and the free limit holds against the 3 active students.
    const again = await teacher.post('/api/cancel-premium', {});
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: NOT_PREMIUM });
    const fourth = await teacher.post('/api/students', student('Fay'));
    expect(fourth.status).toBe(403);
    expect(fourth.body).toMatchObject({ message: FREE_LIMIT_REACHED });
  });

  it('leaves archived students readable and read-only for the owner and a co-teacher, and re-upgrading restores them', async () => {
    const { teacher, ids } = await premiumTeacherWithFive();
    const eve = ids[4]!;
    const colleague = await signedInTeacher(server.url, 'Cory Colleague');
    expect((await teacher.post(`/api/students/${eve}/shares`, { email: colleague.account.email, role: 'co-teacher' })).status).toBe(201);
    await teacher.post('/api/cancel-premium', {});

    const read = await teacher.get(`/api/students/${eve}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ firstName: 'Eve', archived: true });
    expect((await colleague.get(`/api/students/${eve}`)).body).toMatchObject({ firstName: 'Eve', archived: true });
    // The co-teacher is told why their edits stop; the owner, who cancelled, is not.
    const titles = async (client: typeof teacher) => ((await client.get('/api/notifications')).body as { title: string }[]).map((each) => each.title);
    await expect.poll(() => titles(colleague)).toContain('Student archived');
    expect(await titles(teacher)).not.toContain('Student archived');

    const refusals = [
      await teacher.put(`/api/students/${eve}`, { ...student('Evelyn') }),
      await colleague.put(`/api/students/${eve}`, { ...student('Evelyn') }),
      await teacher.delete(`/api/students/${eve}`),
      await teacher.post(`/api/students/${eve}/plans`, { startDate: '2026-09-01', reviewDate: '2027-06-01' }),
      await teacher.post(`/api/students/${eve}/shares`, { email: 'someone@school.test', role: 'auditor' }),
    ];
    expect(refusals.map((response) => [response.status, response.body])).toEqual(refusals.map(() => [409, { message: STUDENT_ARCHIVED }]));
    expect((await teacher.get(`/api/students/${eve}`)).body).toMatchObject({ firstName: 'Eve', archived: true });

    const upgraded = await teacher.post('/api/upgrade-to-premium', {});
    expect(upgraded.body).toMatchObject({ isPremium: true, studentLimit: null, studentCount: 5 });
    expect(await archivedByName(teacher)).toEqual({ Ann: false, Ben: false, Cal: false, Dee: false, Eve: false });
    expect((await colleague.put(`/api/students/${eve}`, { ...student('Evelyn') })).status).toBe(200);
    await expect.poll(() => titles(colleague)).toContain('Student restored');
  });

  it('archives the students beyond 3 even when the API stopped right after the account became Free (the workers follow the event)', async () => {
    const { teacher } = await premiumTeacherWithFive();
    const userId = teacher.account.id;
    // As if the API crashed between the account's event and its students': only the account's event is in the log.
    const stream = `user-${userId}`;
    const events = await server.context.eventStore.readStream(stream);
    await server.context.eventStore.append(stream, [{ type: 'UserPremiumCancelled', data: { userId } }], {
      expectedRevision: events.at(-1)!.revision,
      actor: SYSTEM_ACTOR,
      correlationId: 'crash-test',
      causationId: null,
    });
    await expect.poll(() => archivedByName(teacher)).toEqual({ Ann: false, Ben: false, Cal: false, Dee: true, Eve: true });
  });
});
