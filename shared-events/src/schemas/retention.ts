import { z } from 'zod';
import { singleLine } from './single-line-text.ts';

/** Retention: PUT /api/districts/:id/retention. */
export const retentionFormSchema = z.object({
  yearsAfterLeaving: z
    .number({ required_error: 'Enter a number of years', invalid_type_error: 'Enter a number of years' })
    .int('Enter a whole number of years')
    .min(1, 'Keep records at least 1 year')
    .max(100, 'Keep records at most 100 years'),
});
export type RetentionForm = z.infer<typeof retentionFormSchema>;

/** GET /api/districts/:id/retention: null while the district has no rule (nothing is erased). */
export interface RetentionRule {
  yearsAfterLeaving: number | null;
}

/** Why a student's record counts as left: the year-end rollover graduated them, or they were marked inactive. */
export const LEFT_BECAUSE = ['graduated', 'inactive'] as const;
export type LeftBecause = (typeof LEFT_BECAUSE)[number];
export const LEFT_BECAUSE_LABELS: Record<LeftBecause, string> = { graduated: 'Graduated', inactive: 'Inactive (withdrawn or transferred out)' };

/** PUT /api/students/:id/legal-hold */
export const legalHoldFormSchema = z.object({
  reason: singleLine(z.string({ required_error: 'Reason is required' }).trim().min(1, 'Reason is required').max(300), 'Reason'),
});

/** One line of GET /api/districts/:id/retention/due: a record whose erasure is due within 30 days, or overdue. */
export interface DueErasure {
  studentId: string;
  name: string;
  schoolId: string;
  schoolName: string;
  /** The day the student left (YYYY-MM-DD), when the clock started. */
  leftOn: string;
  leftBecause: LeftBecause;
  /** The day the daily job erases it (YYYY-MM-DD), unless it is held. */
  dueOn: string;
  overdue: boolean;
  legalHold: { reason: string; placedOn: string } | null;
}

/** POST /api/districts/:id/erase: the district's name, typed. */
export const districtErasureFormSchema = z.object({ confirmName: z.string({ required_error: 'Type the district’s name to confirm' }).max(200) });

/** GET /api/district-erasures/:id: the district's erasure, run as a job, and how far it is (id: the district's). */
export interface DistrictErasure {
  id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: { done: number; total: number };
  /** Once done: how many student records this erasure erased. */
  studentsErased: number | null;
  /** Once failed: why, in words for the district admin (no personal data). */
  message: string | null;
}
