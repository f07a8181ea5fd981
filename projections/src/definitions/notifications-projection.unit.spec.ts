import { describe, expect, it } from 'vitest';
import { envelope, MemoryContext } from '../testing/memory-projection-context.ts';
import { NOTIFICATIONS, notificationsProjection } from './notifications-projection.ts';

const raised = (notificationId: string, studentId: string, userId = 'owner') =>
  envelope(`notification-${notificationId}`, {
    type: 'NotificationRaised',
    data: {
      notificationId,
      userId,
      type: 'document',
      title: 'New document',
      message: 'A co-teacher uploaded a document for Jane D.',
      studentId,
      planId: null,
      dedupeKey: `document:${notificationId}`,
    },
  });
const deleted = (studentId: string) => envelope(`student-${studentId}`, { type: 'StudentDeleted', data: { studentId } });
const accountDeleted = (userId: string) => envelope(`user-${userId}`, { type: 'UserAccountDeleted', data: { userId } });

async function project(...envelopes: ReturnType<typeof envelope>[]) {
  const context = new MemoryContext();
  for (const each of envelopes) await notificationsProjection.apply(each, context);
  return [...(context.collections.get(NOTIFICATIONS)?.values() ?? [])].map((doc) => doc.id);
}

describe('notifications of a deleted student', () => {
  it('go with the student', async () => {
    expect(await project(raised('n1', 's1'), raised('n2', 's2'), deleted('s1'))).toEqual(['n2']);
  });

  it('raised after the deletion (a worker that read the student just before) never appear: they name an erased student', async () => {
    expect(await project(raised('n1', 's1'), deleted('s1'), raised('n3', 's1'), raised('n4', 's2'))).toEqual(['n4']);
  });

  it('raised for an account after its deletion never appear either', async () => {
    expect(await project(raised('n1', 's1', 'gone'), accountDeleted('gone'), raised('n2', 's1', 'gone'), raised('n3', 's1', 'owner'))).toEqual(['n3']);
  });
});
