import { z } from 'zod';
import { NOTIFICATION_TYPES } from '../events/notification-events.ts';

/** PATCH /api/notifications/:id. */
export const notificationReadSchema = z.object({ read: z.boolean({ required_error: 'read must be true or false' }) });
export type NotificationReadInput = z.input<typeof notificationReadSchema>;

/** PUT /api/notification-preferences: any subset of the per-type e-mail switches. */
export const notificationPreferencesSchema = z.object({
  review: z.boolean().optional(),
  document: z.boolean().optional(),
  feedback: z.boolean().optional(),
  system: z.boolean().optional(),
});
export type NotificationPreferencesInput = z.input<typeof notificationPreferencesSchema>;
/** GET/PUT /api/notification-preferences answer: every type has a value. */
export type NotificationPreferences = Required<z.infer<typeof notificationPreferencesSchema>>;

/** One item of GET /api/notifications. */
export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  studentId: z.string().nullable(),
  planId: z.string().nullable(),
  /** When it was raised (the event's occurredAt). */
  date: z.string(),
  read: z.boolean(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

/** POST /api/calendar-feed answer: the private ICS URL (its token is the only credential). */
export const calendarFeedSchema = z.object({ url: z.string() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
