import { z } from 'zod';
import { studentAccommodationSchema, studentSchema } from './student.ts';
import { planRecordViewSchema } from './plan-record.ts';

/** What happened to one accommodation on one school day, in the words of the spec. */
export const IMPLEMENTATION_OUTCOMES = ['provided', 'not-provided', 'refused', 'not-needed', 'absent'] as const;
export type ImplementationOutcome = (typeof IMPLEMENTATION_OUTCOMES)[number];

export const IMPLEMENTATION_OUTCOME_LABELS: Readonly<Record<ImplementationOutcome, string>> = {
  provided: 'Provided',
  'not-provided': 'Not provided',
  refused: 'Refused by student',
  'not-needed': 'Not needed today',
  absent: 'Student absent',
};

/** A short note, as the spec says: enough for a reason, not a report. */
export const IMPLEMENTATION_NOTE_MAX = 500;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date in the form YYYY-MM-DD').refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), 'Use a real date');

/** One entry as the teacher sends it: POST /api/students/:id/implementation-log (alone, or many in an array). */
export const implementationEntryInputSchema = z
  .object({
    date: isoDay,
    accommodationId: z.string().min(1, 'Choose an accommodation').max(100),
    outcome: z.enum(IMPLEMENTATION_OUTCOMES, { errorMap: () => ({ message: 'Choose what happened' }) }),
    note: z.string().trim().max(IMPLEMENTATION_NOTE_MAX, `Keep the note under ${IMPLEMENTATION_NOTE_MAX} characters`).optional().nullable(),
  })
  .superRefine((entry, ctx) => {
    if (entry.outcome === 'not-provided' && !entry.note) ctx.addIssue({ code: 'custom', path: ['note'], message: 'Say why it was not provided' });
  });
export type ImplementationEntryInput = z.infer<typeof implementationEntryInputSchema>;

/** A batch ('mark all provided'): one rule for each entry, as if each were sent alone. */
export const IMPLEMENTATION_BATCH_MAX = 200;
export const implementationBatchSchema = z.array(implementationEntryInputSchema).min(1).max(IMPLEMENTATION_BATCH_MAX);

/** An entry as read back. */
export const implementationEntrySchema = z.object({
  studentId: z.string(),
  date: z.string(),
  accommodationId: z.string(),
  outcome: z.enum(IMPLEMENTATION_OUTCOMES),
  note: z.string().nullable(),
  loggedBy: z.string(),
  loggedAt: z.string(),
});
export type ImplementationEntry = z.infer<typeof implementationEntrySchema>;

/** The answer to one entry of a batch: new (201 alone), replaced or unchanged (200 alone). */
export const implementationBatchResultSchema = z.array(z.object({ status: z.enum(['created', 'replaced', 'unchanged']), entry: implementationEntrySchema }));
export type ImplementationBatchResult = z.infer<typeof implementationBatchResultSchema>;

export const implementationRangeQuerySchema = z.object({ from: isoDay.optional(), to: isoDay.optional() });
export const implementationDayQuerySchema = z.object({ date: isoDay });

/**
 * GET /api/classes/:id/implementation-log?date= and GET /api/implementation-log/caseload?date=: the day view of a class,
 * or of the caller's own caseload.
 */
export const classImplementationDaySchema = z.object({
  date: z.string(),
  students: z.array(
    z.object({
      student: studentSchema.pick({ id: true, name: true, grade: true }),
      accommodations: z.array(studentAccommodationSchema),
      /** The current plan's specifics per accommodation (the plan record's open part: never the impairment or consent). */
      specifics: planRecordViewSchema.shape.specifics,
      entries: z.array(implementationEntrySchema),
      /** Whether the caller may log for this student (an auditor reads only). */
      canLog: z.boolean(),
    }),
  ),
});
export type ClassImplementationDay = z.infer<typeof classImplementationDaySchema>;

/** GET /api/implementation-log/coverage: per student of the caller's caseload, the share of school days logged. */
export const implementationCoverageSchema = z.array(
  z.object({ studentId: z.string(), since: z.string().nullable(), schoolDays: z.number().int(), loggedDays: z.number().int() }),
);
export type ImplementationCoverage = z.infer<typeof implementationCoverageSchema>;
