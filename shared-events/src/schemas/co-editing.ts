import { z } from 'zod';

/** Who did something, by id and name. */
export const personRefSchema = z.object({ id: z.string(), name: z.string() });
export type PersonRef = z.infer<typeof personRefSchema>;

/** A field both users changed: the 412 body of PUT /api/students/:id lists them. */
export const studentConflictSchema = z.object({
  field: z.string(),
  yours: z.unknown(),
  theirs: z.unknown(),
  by: personRefSchema,
  at: z.string(),
});
export type StudentConflict = z.infer<typeof studentConflictSchema>;

/** Socket.IO `presence` {studentId, users}. */
export const PRESENCE_MODES = ['viewing', 'editing'] as const;
export type PresenceMode = (typeof PRESENCE_MODES)[number];
export const presenceSchema = z.object({
  studentId: z.string(),
  users: z.array(z.object({ userId: z.string(), name: z.string(), mode: z.enum(PRESENCE_MODES) })),
});
export type Presence = z.infer<typeof presenceSchema>;
