import { z } from 'zod';
import { singleLine } from './single-line-text.ts';
import { planRecordViewSchema } from './plan-record.ts';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date in the form YYYY-MM-DD');
/** An emptied date field says that the date is required, not that it is in the wrong form. */
const requiredDate = (label: string) => z.string({ required_error: `${label} is required` }).min(1, `${label} is required`).pipe(isoDate);

/** The case manager's name is printed in the records PDF and the history: one line. */
const caseManager = singleLine(z.string().trim().max(200), 'Case manager').optional().nullable();

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
  caseManager: z.string().nullable(),
  revision: z.number(),
  /** The latest version's number once the plan is final; absent on a draft. */
  version: z.number().optional(),
  /** The plan record, as the reader may see it (no impairment or consent without 'see-plan-record'); absent until recorded. */
  record: planRecordViewSchema.optional(),
});
export type Plan = z.infer<typeof planSchema>;
