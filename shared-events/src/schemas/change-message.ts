import { z } from 'zod';

/** A socket `change` poke: what changed, never the data itself. */
export const changeMessageSchema = z.object({
  entity: z.enum(['user', 'student', 'accommodation', 'plan', 'document', 'notification', 'share', 'class', 'district', 'school', 'rosterImport']),
  id: z.string(),
  studentId: z.string().optional(),
  revision: z.number().optional(),
  actorId: z.string(),
});
export type ChangeMessage = z.infer<typeof changeMessageSchema>;
