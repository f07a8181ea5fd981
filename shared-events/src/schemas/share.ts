import { z } from 'zod';
import { accommodationWithSpecificsSchema, studentSchema } from './student.ts';
import { SHARE_ROLES } from './access-roles.ts';
import { personRefSchema } from './co-editing.ts';

// What the student's page and form need while several people work on it lives apart (co-editing.ts), so that those
// screens do not load the sharing dialogs' schemas.
export { PRESENCE_MODES, personRefSchema, presenceSchema, studentConflictSchema, type PersonRef, type Presence, type PresenceMode, type StudentConflict } from './co-editing.ts';
export {
  SCHOOL_ACCESS_ROLE_LABELS,
  SCHOOL_ACCESS_ROLES,
  SHARE_ROLE_LABELS,
  SHARE_ROLES,
  STUDENT_ACCESS_ROLES,
  type SchoolAccessRole,
  type ShareRole,
  type StudentAccessRole,
  shareEndsAt,
  isShareExpired,
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

/** 429: shares per account and hour are limited, so that nobody tries address after address. */
export const TOO_MANY_SHARES = 'Too many shares in a short time. Please try again later.';

/** How a share's grantee reads until they have opened the student: the same whether or not the address has an account. */
export const SHARE_NOT_OPENED = 'not opened yet';
/** Where a list names people (acknowledgements, the hearing packet), a grantee who has not opened the student yet. */
export const INVITED_NOT_OPENED = `Invited, ${SHARE_NOT_OPENED}`;


export const shareSchema = z.object({
  id: z.string(),
  studentId: z.string(),
  email: z.string(),
  role: z.enum(SHARE_ROLES),
  status: z.enum(SHARE_STATUSES),
  expiresAt: z.string().nullable(),
  /**
   * Null until the share is taken up, that is until its grantee has opened the student: before that the answer is the
   * same whether or not the address has an account, so that sharing tells nobody who has one.
   */
  grantee: personRefSchema.nullable(),
  grantedBy: personRefSchema,
  createdAt: z.string(),
});
export type Share = z.infer<typeof shareSchema>;

/** GET /api/sub-plan: one entry per student shared with the caller as substitute. */
export const subPlanEntrySchema = z.object({
  student: studentSchema.pick({ id: true, name: true, grade: true, status: true }),
  accommodations: z.array(accommodationWithSpecificsSchema),
  reviewDate: z.string().nullable(),
  sharedBy: personRefSchema,
});
export type SubPlanEntry = z.infer<typeof subPlanEntrySchema>;
