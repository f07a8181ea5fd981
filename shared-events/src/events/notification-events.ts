import { z } from 'zod';
import { defineEvent, type EventOf } from './define-event.ts';

export const NOTIFICATION_TYPES = ['review', 'document', 'feedback', 'system'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * One notification for one recipient, in its own stream `notification-<notificationId>`.
 * The id is derived from `dedupeKey`, and the append expects no stream, so raising the
 * same notification twice (a retried job, two workers) leaves exactly one.
 */
export const NotificationRaised = defineEvent(
  'NotificationRaised',
  1,
  z.object({
    notificationId: z.string(),
    userId: z.string(),
    type: z.enum(NOTIFICATION_TYPES),
    title: z.string(),
    message: z.string(),
    studentId: z.string().nullable(),
    planId: z.string().nullable(),
    dedupeKey: z.string(),
  }),
);
export const NotificationRead = defineEvent(
  'NotificationRead',
  1,
  z.object({ notificationId: z.string(), userId: z.string(), read: z.boolean() }),
);
/** In the recipient's inbox stream `notification-inbox-<userId>`: the ids that were unread when asked. */
export const NotificationsAllRead = defineEvent(
  'NotificationsAllRead',
  1,
  z.object({ userId: z.string(), notificationIds: z.array(z.string()) }),
);
/** In `notification-preferences-<userId>`: the whole set of per-type e-mail switches. */
export const NotificationPreferencesChanged = defineEvent(
  'NotificationPreferencesChanged',
  1,
  z.object({
    userId: z.string(),
    review: z.boolean(),
    document: z.boolean(),
    feedback: z.boolean(),
    system: z.boolean(),
  }),
);

export const NOTIFICATION_EVENTS = [
  NotificationRaised,
  NotificationRead,
  NotificationsAllRead,
  NotificationPreferencesChanged,
] as const;
export type NotificationEvent = EventOf<(typeof NOTIFICATION_EVENTS)[number]>;
