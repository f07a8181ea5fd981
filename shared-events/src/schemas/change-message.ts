import { z } from 'zod';

/** A socket `change` poke: what changed, never the data itself. */
export const changeMessageSchema = z.object({
  // 'implementation-log': a student's log changed; `id` is the student's. 'rosterImport': an import's progress.
  // 'districtErasure': a district's erasure moved; `id` is the district's.
  // 'retention': a district's retention due list may have changed; `id` is the district's.
  entity: z.enum(['user', 'student', 'accommodation', 'plan', 'document', 'notification', 'share', 'class', 'district', 'school', 'implementation-log', 'rosterImport', 'districtErasure', 'retention']),
  id: z.string(),
  studentId: z.string().optional(),
  revision: z.number().optional(),
  actorId: z.string(),
});
export type ChangeMessage = z.infer<typeof changeMessageSchema>;
