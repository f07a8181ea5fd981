import { z } from 'zod';
import { singleLine } from './single-line-text.ts';
import { planRecordSchema, planRecordViewSchema, recordChangeSchema } from './plan-record.ts';

const datePattern = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date in the form YYYY-MM-DD');
const isoDate = z.string({ required_error: 'Effective date is required' }).pipe(datePattern);

export const AMENDMENT_REASON_MAX = 500;

/** POST /api/plans/:id/amendments, and the Amend dialog's form. */
export const planAmendmentSchema = z.object({
  reason: singleLine(
    z.string({ required_error: 'A reason is required' }).trim().min(1, 'A reason is required').max(AMENDMENT_REASON_MAX, `Keep the reason to ${AMENDMENT_REASON_MAX} characters`),
    'Reason',
  ),
  effectiveDate: isoDate,
  accommodationIds: z.array(z.string().min(1).max(100)).max(200),
  /** A final plan's dates change only here: those given become the new version's. */
  startDate: datePattern.optional(),
  reviewDate: datePattern.optional(),
  /** The plan record the amendment decides; without it, the version keeps the record as it was. */
  record: planRecordSchema.optional(),
});
export type PlanAmendmentForm = z.input<typeof planAmendmentSchema>;

const versionedAccommodation = z.object({ id: z.string(), name: z.string(), category: z.string().nullable(), description: z.string().nullable() });
/** What a version fixes: the plan's dates and case manager, and the accommodations as they read when it was made. */
export const planContentSchema = z.object({
  startDate: z.string(),
  reviewDate: z.string(),
  meetingDate: z.string().nullable(),
  caseManager: z.string().nullable(),
  accommodations: z.array(versionedAccommodation),
});
export type PlanContent = z.infer<typeof planContentSchema>;

/** One version as GET /api/plans/:id/versions answers it: newest first. */
export const planVersionSchema = z.object({
  version: z.number(),
  kind: z.enum(['finalised', 'amended']),
  at: z.string(),
  by: z.object({ id: z.string(), name: z.string() }),
  reason: z.string().nullable(),
  effectiveDate: z.string(),
  /** `record`: the plan record frozen in the version, as the reader may see it; null before the record existed. */
  content: planContentSchema.extend({ record: planRecordViewSchema.nullable() }),
  changes: z.object({
    added: z.array(versionedAccommodation),
    removed: z.array(versionedAccommodation),
    fields: z.array(z.object({ field: z.string(), before: z.string().nullable(), after: z.string().nullable() })),
    /** The record's differences, less the impairment's and consent's for a reader without 'see-plan-record'. */
    record: z.array(recordChangeSchema),
  }),
});
export type PlanVersionView = z.infer<typeof planVersionSchema>;

/** GET /api/acknowledgements/pending: a version the caller has yet to acknowledge. */
export interface PendingAcknowledgement {
  planId: string;
  studentId: string;
  studentName: string;
  version: number;
  since: string;
}

/** GET /api/plans/:id/acknowledgements: per teacher asked about the latest version. */
export interface TeacherAcknowledgement {
  userId: string;
  name: string;
  role: string;
  version: number;
  acknowledgedAt: string | null;
  pendingSince: string | null;
}

/** A final plan not closed is in force: the student's accommodations then change only through its amendment. */
export const planLocksAccommodations = (plan: { version?: number | undefined; status: string }): boolean => (plan.version ?? 0) > 0 && plan.status !== 'closed';
