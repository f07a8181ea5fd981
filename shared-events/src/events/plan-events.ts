import { z } from 'zod';
import { planContentSchema } from '../schemas/plan-version.ts';
import { defineEvent, type EventOf } from './define-event.ts';

const planFields = {
  startDate: z.string(),
  reviewDate: z.string(),
  status: z.string(),
  meetingDate: z.string().nullable(),
  caseManager: z.string().nullable(),
};

export const PlanCreated = defineEvent(
  'PlanCreated',
  1,
  z.object({ planId: z.string(), studentId: z.string(), ...planFields }),
);
export const PlanUpdated = defineEvent(
  'PlanUpdated',
  1,
  z.object({ planId: z.string(), studentId: z.string(), changes: z.object(planFields).partial() }),
);

/**
 * The year-end rollover: the plan's annual review is scheduled in the new school year. A scheduling fact,
 * not a change of what was signed: a final plan takes it without an amendment (its versions keep their dates).
 */
export const PlanReviewScheduled = defineEvent(
  'PlanReviewScheduled',
  1,
  z.object({ planId: z.string(), studentId: z.string(), reviewDate: z.string(), schoolYear: z.string() }),
);

// Plan versions. A version is what was signed: its content is frozen in the event, the accommodations
// as they read then (a library entry renamed later does not rewrite it).
export type { PlanContent } from '../schemas/plan-version.ts';

/** The teachers asked to acknowledge a version: the student's audience at that moment, kept so that a rebuild asks the same. */
const teachersAsked = z.array(z.object({ userId: z.string(), role: z.string() }));

/**
 * A version's content as the log holds it: the plan record frozen with it as one JSON string, a personal
 * field (the shredding seals strings at fixed paths, not the items of a list). Absent in versions made before it.
 */
const versionContent = planContentSchema.extend({ record: z.string().optional() });

export const PlanFinalised = defineEvent(
  'PlanFinalised',
  1,
  z.object({ planId: z.string(), studentId: z.string(), version: z.number().int(), effectiveDate: z.string(), content: versionContent, teachers: teachersAsked }),
);
/** `reason` is free text a teacher typed about the student: a personal field (personal-fields.ts). */
export const PlanAmended = defineEvent(
  'PlanAmended',
  1,
  z.object({
    planId: z.string(),
    studentId: z.string(),
    version: z.number().int(),
    reason: z.string(),
    effectiveDate: z.string(),
    content: versionContent,
    teachers: teachersAsked,
  }),
);
export const PlanVersionAcknowledged = defineEvent(
  'PlanVersionAcknowledged',
  1,
  z.object({ planId: z.string(), studentId: z.string(), version: z.number().int(), userId: z.string() }),
);

/**
 * The plan record, replaced whole: `record` is the JSON of a `PlanRecord` (schemas/plan-record.ts), one
 * personal field sealed with the student's key, so an erased student's impairment, consent and team are unreadable.
 */
export const PlanRecordUpdated = defineEvent('PlanRecordUpdated', 1, z.object({ planId: z.string(), studentId: z.string(), record: z.string() }));

export const PLAN_EVENTS = [PlanCreated, PlanUpdated, PlanFinalised, PlanAmended, PlanVersionAcknowledged, PlanReviewScheduled, PlanRecordUpdated] as const;
export type VersionContent = z.infer<typeof versionContent>;
export type PlanEvent = EventOf<(typeof PLAN_EVENTS)[number]>;
