import { z } from 'zod';
import { planRecordViewSchema } from './plan-record.ts';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date in the form YYYY-MM-DD');
/** An emptied date field says that the date is required, not that it is in the wrong form. */
const requiredDate = (label: string) => z.string({ required_error: `${label} is required` }).min(1, `${label} is required`).pipe(isoDate);

/**
 * A plan no longer takes a case manager of its own: the case manager is the student's, a staff member of the school,
 * assigned on the student's School card (PUT /api/students/:id/case-manager), and the plan shows that person. An
 * empty value, which older forms send, changes nothing; a name is refused rather than dropped without a word.
 */
export const CASE_MANAGER_IS_THE_STUDENTS = 'The case manager is the student’s: assign one on the student’s School card';
const caseManager = z.string({ invalid_type_error: CASE_MANAGER_IS_THE_STUDENTS }).trim().max(0, CASE_MANAGER_IS_THE_STUDENTS).optional().nullable();

/**
 * The case manager a plan shows: the student's (a staff member, by name); where the student has none, the name an
 * older plan recorded as free text, labelled so, since nobody chose it from the school's staff.
 */
export function planCaseManagerLabel(staffName: string | null | undefined, recordedText: string | null | undefined): string | null {
  if (staffName) return staffName;
  if (recordedText) return `${recordedText} (as recorded on the plan)`;
  return null;
}

export const PLAN_STATUSES = ['draft', 'active', 'under-review', 'closed'] as const;
export const PLAN_STATUS_LABELS: Record<string, string> = { draft: 'Draft', active: 'Active', 'under-review': 'Under Review', closed: 'Closed' };
/** An unknown status (from an older version) reads as given. */
export const planStatusLabel = (status: string): string => PLAN_STATUS_LABELS[status] ?? status;

export const planFormSchema = z
  .object({
    startDate: requiredDate('Start date'),
    reviewDate: requiredDate('Review date'),
    status: z.enum(PLAN_STATUSES, { errorMap: () => ({ message: 'Please select a status' }) }).default('active'),
    meetingDate: isoDate.optional().nullable(),
    caseManager,
  })
  .refine((plan) => plan.reviewDate >= plan.startDate, {
    message: 'Review date must be on or after the start date',
    path: ['reviewDate'],
  });
export type PlanForm = z.input<typeof planFormSchema>;

/** PATCH /api/plans/:id: any subset of the form's fields. */
export const planPatchSchema = z.object({
  startDate: isoDate.optional(),
  reviewDate: isoDate.optional(),
  status: z.enum(PLAN_STATUSES, { errorMap: () => ({ message: 'Please select a status' }) }).optional(),
  meetingDate: isoDate.optional().nullable(),
  caseManager,
});

export const planSchema = z.object({
  id: z.string(),
  studentId: z.string(),
  startDate: z.string(),
  reviewDate: z.string(),
  lastUpdated: z.string(),
  status: z.string(),
  meetingDate: z.string().nullable(),
  /** The name an older plan recorded as free text; plans no longer take one (see planCaseManagerLabel). */
  caseManager: z.string().nullable(),
  /** The plan's own reads: the student's case manager, a staff member, by name; null where none is assigned. */
  caseManagerName: z.string().nullable().optional(),
  revision: z.number(),
  /** The latest version's number once the plan is final; absent on a draft. */
  version: z.number().optional(),
  /** The plan record, as the reader may see it (no impairment or consent without 'see-plan-record'); absent until recorded. */
  record: planRecordViewSchema.optional(),
});
export type Plan = z.infer<typeof planSchema>;
