import { z } from 'zod';
import { RECORD_ACCESS_ACTIONS } from '../events/access-events.ts';
import { personRefSchema, SCHOOL_ACCESS_ROLE_LABELS, SHARE_ROLE_LABELS, STUDENT_ACCESS_ROLES, type StudentAccessRole } from './share.ts';

/**
 * One entry of GET /api/students/:id/access-log, newest first. `user.name` and `role` are as they were at the time of
 * access; an entry recorded before they were kept has the account's current name (or 'Unknown user' once it is gone)
 * and a null role.
 */
export const accessLogEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  user: personRefSchema,
  role: z.enum(STUDENT_ACCESS_ROLES).nullable(),
  action: z.enum(RECORD_ACCESS_ACTIONS),
  what: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

const ROLE_LABELS: Record<StudentAccessRole, string> = { owner: 'Owner', ...SHARE_ROLE_LABELS, 'class-teacher': 'Class teacher', ...SCHOOL_ACCESS_ROLE_LABELS };

/** How the log names a role: 'Owner', 'Co-teacher'…; '' for an entry that predates the stored role. */
export const accessRoleLabel = (role: StudentAccessRole | null): string => (role === null ? '' : ROLE_LABELS[role]);
