import type { NotificationEvent } from '@accommodate/shared-events/events/notification-events';
import type { StudentEvent } from '@accommodate/shared-events/events/student-events';
import type { AccessEvent } from '@accommodate/shared-events/events/access-events';
import { NOTIFICATION_EVENT_TYPES } from '@accommodate/shared-events/domain/notification/notification';
import type { AppNotification } from '@accommodate/shared-events/schemas/notification';
import { defineProjection, type ProjectionContext } from './projection.ts';

export const NOTIFICATIONS = 'notifications';
export const NOTIFICATION_PREFERENCES = 'notification-preferences';
/**
 * Ids of deleted students and accounts (nothing else), as 'student:<id>' and 'user:<id>': a notification raised about
 * or for one after its deletion is dropped.
 */
const ERASED_SUBJECTS = 'notification-erased-subjects';
const erasedStudent = (studentId: string) => `student:${studentId}`;
const erasedUser = (userId: string) => `user:${userId}`;

/** A notification as GET /api/notifications lists it, filed under its recipient. */
export type NotificationDoc = AppNotification & { userId: string };

/** Per-type e-mail switches; a user without a document has every switch on. */
export interface NotificationPreferencesDoc {
  id: string;
  review: boolean;
  document: boolean;
  feedback: boolean;
  system: boolean;
}

export const DEFAULT_NOTIFICATION_PREFERENCES: Omit<NotificationPreferencesDoc, 'id'> = {
  review: true,
  document: true,
  feedback: true,
  system: true,
};

const poke = (context: ProjectionContext, id: string, userId: string, actorId: string) =>
  context.announce({ message: { entity: 'notification', id, actorId }, audience: [userId] });

/** Marks one notification; only its recipient's events count, and an unchanged flag is not rewritten. */
async function markRead(context: ProjectionContext, notificationId: string, userId: string, read: boolean): Promise<boolean> {
  const existing = await context.get<NotificationDoc>(NOTIFICATIONS, notificationId);
  if (!existing || existing.userId !== userId || existing.read === read) return false;
  context.put<NotificationDoc>(NOTIFICATIONS, { ...existing, read });
  return true;
}

async function forgetStudent(context: ProjectionContext, studentId: string): Promise<void> {
  // The notification workers react to the log on their own: one that read the student just before its deletion
  // raises its notification just after, while the student's key may still exist. Remembered here, so it is dropped.
  context.put(ERASED_SUBJECTS, { id: erasedStudent(studentId) });
  for (const notification of await context.find<NotificationDoc>(NOTIFICATIONS, { studentId })) {
    context.delete(NOTIFICATIONS, notification.id);
    poke(context, notification.id, notification.userId, 'system');
  }
}

async function forgetRecipient(context: ProjectionContext, userId: string): Promise<void> {
  // As for a student: a reminder worker that read the plan's viewers just before raises for the account just after.
  context.put(ERASED_SUBJECTS, { id: erasedUser(userId) });
  for (const notification of await context.find<NotificationDoc>(NOTIFICATIONS, { userId })) context.delete(NOTIFICATIONS, notification.id);
  context.delete(NOTIFICATION_PREFERENCES, userId);
}

/** The bell and /notifications: each user's notifications, and their e-mail preferences. */
/** Erasures: notifications name their student and belong to their recipient, so they go with either. */
type ErasureEvent = Extract<StudentEvent | AccessEvent, { type: 'StudentDeleted' | 'UserAccountDeleted' }>;

export const notificationsProjection = defineProjection<NotificationEvent | ErasureEvent>({
  name: 'notifications',
  // v2: forgets erased students / deleted accounts. v3: and drops notifications raised about or for them afterwards.
  version: 3,
  collections: [NOTIFICATIONS, NOTIFICATION_PREFERENCES, ERASED_SUBJECTS],
  handles: [...NOTIFICATION_EVENT_TYPES, 'StudentDeleted', 'UserAccountDeleted'],
  async apply(event, context) {
    const actorId = event.actor.userId;
    switch (event.type) {
      case 'UserAccountDeleted':
        return forgetRecipient(context, event.data.userId);
      case 'StudentDeleted':
        return forgetStudent(context, event.data.studentId);
      case 'NotificationRaised': {
        const { notificationId, userId, type, title, message, studentId, planId } = event.data;
        // Redelivery: the notification and its read flag stay as they are.
        if (await context.get<NotificationDoc>(NOTIFICATIONS, notificationId)) return;
        if (await context.get(ERASED_SUBJECTS, erasedUser(userId))) return;
        if (studentId !== null && (await context.get(ERASED_SUBJECTS, erasedStudent(studentId)))) return;
        context.put<NotificationDoc>(NOTIFICATIONS, {
          id: notificationId,
          userId,
          type,
          title,
          message,
          studentId,
          planId,
          date: event.occurredAt,
          read: false,
        });
        poke(context, notificationId, userId, actorId);
        return;
      }
      case 'NotificationRead': {
        const { notificationId, userId, read } = event.data;
        if (await markRead(context, notificationId, userId, read)) poke(context, notificationId, userId, actorId);
        return;
      }
      case 'NotificationsAllRead': {
        let changed = false;
        for (const id of event.data.notificationIds) {
          if (await markRead(context, id, event.data.userId, true)) changed = true;
        }
        // One poke is enough: the client refetches the whole list either way.
        if (changed) poke(context, event.data.userId, event.data.userId, actorId);
        return;
      }
      case 'NotificationPreferencesChanged': {
        const { userId, review, document, feedback, system } = event.data;
        context.put<NotificationPreferencesDoc>(NOTIFICATION_PREFERENCES, { id: userId, review, document, feedback, system });
        return;
      }
    }
  },
});
