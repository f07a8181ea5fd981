import { z } from 'zod';
import { studentAccommodationSchema, studentSchema } from './student.ts';
import { SHARE_ROLES } from './access-roles.ts';

export {
  SCHOOL_ACCESS_ROLE_LABELS,
  SCHOOL_ACCESS_ROLES,
  SHARE_ROLE_LABELS,
  SHARE_ROLES,
  STUDENT_ACCESS_ROLES,
  type SchoolAccessRole,
  type ShareRole,
  type StudentAccessRole,
} from './access-roles.ts';
export const SHARE_STATUSES = ['active', 'pending', 'expired'] as const;
export type ShareStatus = (typeof SHARE_STATUSES)[number];

const expiryDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expiry date must be a date (YYYY-MM-DD)')
  .refine((date) => !Number.isNaN(Date.parse(`${date}T00:00:00Z`)), 'Expiry date must be a date (YYYY-MM-DD)');

const shareFields = {
  email: z.string({ required_error: 'Email is required' }).trim().toLowerCase().email('Please enter a valid email address').max(254),
  role: z.enum(SHARE_ROLES, { errorMap: () => ({ message: 'Please choose a role' }) }),
  /** The last day of access; null or absent: no expiry. */
  expiresAt: expiryDate.optional().nullable(),
};

/** POST /api/students/:id/shares */
export const shareFormSchema = z.object(shareFields);
export type ShareForm = z.input<typeof shareFormSchema>;
export type ShareInput = z.output<typeof shareFormSchema>;

/** POST /api/shares: the same share for several students at once. */
export const bulkShareFormSchema = z.object({
  ...shareFields,
  studentIds: z.array(z.string().min(1).max(100)).min(1, 'Choose at least one student').max(200),
});
export type BulkShareForm = z.input<typeof bulkShareFormSchema>;

export const personRefSchema = z.object({ id: z.string(), name: z.string() });
export type PersonRef = z.infer<typeof personRefSchema>;

export const shareSchema = z.object({
  id: z.string(),
  studentId: z.string(),
  email: z.string(),
  role: z.enum(SHARE_ROLES),
  status: z.enum(SHARE_STATUSES),
  expiresAt: z.string().nullable(),
  /** Null while pending (nobody has registered with the e-mail yet). */
  grantee: personRefSchema.nullable(),
  grantedBy: personRefSchema,
  createdAt: z.string(),
});
export type Share = z.infer<typeof shareSchema>;

/**
 * The instant access ends: the end of the expiry date, in UTC. The date is the
 * last day the substitute can open the student.
 */
export function shareEndsAt(expiresAt: string): Date {
  return new Date(Date.parse(`${expiresAt}T00:00:00Z`) + 24 * 60 * 60 * 1000);
}

export const isShareExpired = (expiresAt: string | null, now: Date): boolean =>
  expiresAt !== null && now.getTime() >= shareEndsAt(expiresAt).getTime();

/** GET /api/sub-plan: one entry per student shared with the caller as substitute. */
export const subPlanEntrySchema = z.object({
  student: studentSchema.pick({ id: true, name: true, grade: true, status: true }),
  accommodations: z.array(studentAccommodationSchema),
  reviewDate: z.string().nullable(),
  sharedBy: personRefSchema,
});
export type SubPlanEntry = z.infer<typeof subPlanEntrySchema>;

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
