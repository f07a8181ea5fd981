import { z } from 'zod';

/** PATCH /api/notifications/:id. (Candidates for shared-events/schemas once the UI uses them.) */
export const notificationReadSchema = z.object({ read: z.boolean({ required_error: 'read must be true or false' }) });

/** PUT /api/notification-preferences: any subset of the per-type e-mail switches. */
export const notificationPreferencesSchema = z.object({
  review: z.boolean().optional(),
  document: z.boolean().optional(),
  feedback: z.boolean().optional(),
  system: z.boolean().optional(),
});
