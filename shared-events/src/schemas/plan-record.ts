import { z } from 'zod';
import { singleLine } from './single-line-text.ts';

/**
 * The plan record: what the 504 meeting decided. The impairment, the major life activities it limits
 * and the parent's consent are restricted ('see-plan-record'); who took part names the parent, so it goes only to
 * those who see a student's parent information ('see-private'); the specifics of each accommodation are seen by
 * everyone who sees the plan, since teachers carry them out.
 */

/** The ADA's major life activities (42 U.S.C. 12102(2)), offered as a list; any other may be typed. */
export const MAJOR_LIFE_ACTIVITIES = [
  'Caring for oneself',
  'Performing manual tasks',
  'Seeing',
  'Hearing',
  'Eating',
  'Sleeping',
  'Walking',
  'Standing',
  'Lifting',
  'Bending',
  'Speaking',
  'Breathing',
  'Learning',
  'Reading',
  'Concentrating',
  'Thinking',
  'Communicating',
  'Working',
  'Operation of a major bodily function',
] as const;

export const CONSENT_METHODS = ['in-writing', 'in-person', 'by-phone', 'electronically'] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];
export const CONSENT_METHOD_LABELS: Record<ConsentMethod, string> = {
  'in-writing': 'In writing',
  'in-person': 'In person',
  'by-phone': 'By phone',
  electronically: 'Electronically',
};
export const PARTICIPANT_ROLES = ['Parent', 'Guardian', 'Student', 'Teacher', '504 Coordinator', 'Case manager', 'Counselor', 'School nurse', 'Administrator'] as const;

const isoDate = z.string({ required_error: 'Consent date is required' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date in the form YYYY-MM-DD');
const line = (label: string, max: number) =>
  singleLine(z.string({ required_error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `Keep ${label.toLowerCase()} to ${max} characters`), label);
const optionalLine = (label: string, max: number) =>
  singleLine(z.string().trim().max(max, `Keep ${label.toLowerCase()} to ${max} characters`), label)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

export const participantSchema = z.object({ name: line('Name', 100), role: line('Role', 100) });
export const consentSchema = z.object({
  date: isoDate,
  method: z.enum(CONSENT_METHODS, { errorMap: () => ({ message: 'Choose how consent was given' }) }),
});
export const specificsSchema = z.object({
  accommodationId: z.string().min(1).max(100),
  details: line('Specifics', 500),
  where: optionalLine('Where', 200),
  frequency: optionalLine('How often', 200),
});

/** PUT /api/plans/:id/record, the amendment's `record` and the Plan record form: the whole record each time. */
export const planRecordSchema = z.object({
  impairment: z
    .string()
    .trim()
    .max(1000, 'Keep the impairment to 1000 characters')
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
  lifeActivities: z
    .array(line('Life activity', 100), { invalid_type_error: 'Choose the life activities as a list' })
    .max(30, 'Name at most 30 life activities')
    .default([])
    .transform((activities) => [...new Set(activities)]),
  participants: z.array(participantSchema).max(30, 'Name at most 30 participants').default([]),
  consent: consentSchema.nullable().default(null),
  specifics: z
    .array(specificsSchema)
    .max(200)
    .default([])
    .refine((all) => new Set(all.map((one) => one.accommodationId)).size === all.length, 'Give each accommodation’s specifics once'),
});
export type PlanRecordForm = z.input<typeof planRecordSchema>;
export type PlanRecord = z.output<typeof planRecordSchema>;
export type AccommodationSpecifics = PlanRecord['specifics'][number];

/** What the impairment and consent are: seen only with 'see-plan-record'. */
export const RESTRICTED_RECORD_FIELDS: readonly string[] = ['impairment', 'lifeActivities', 'consent'];

/** The record as the API answers it: the restricted fields absent for someone who may not see them. */
export const planRecordViewSchema = z.object({
  impairment: z.string().nullable().optional(),
  lifeActivities: z.array(z.string()).optional(),
  consent: z.object({ date: z.string(), method: z.enum(CONSENT_METHODS) }).nullable().optional(),
  /** Absent for a reader who may not see the student's parent information (a substitute, a class teacher). */
  participants: z.array(z.object({ name: z.string(), role: z.string() })).optional(),
  specifics: z.array(z.object({ accommodationId: z.string(), details: z.string(), where: z.string().nullable(), frequency: z.string().nullable() })),
});
export type PlanRecordView = z.infer<typeof planRecordViewSchema>;

/** The record as `viewer` may read it: whole with 'see-plan-record', else without the impairment and consent. */
export function planRecordFor(record: PlanRecord, seesRestricted: boolean): PlanRecordView {
  if (seesRestricted) return record;
  const { impairment: _impairment, lifeActivities: _activities, consent: _consent, ...open } = record;
  return open;
}

/** Who took part, as `viewer` may read it: it names the parent, so only with 'see-private'. */
export function participantsFor(view: PlanRecordView, seesPrivate: boolean): PlanRecordView {
  if (seesPrivate) return view;
  const { participants: _participants, ...rest } = view;
  return rest;
}

export const EMPTY_PLAN_RECORD: PlanRecord = { impairment: null, lifeActivities: [], participants: [], consent: null, specifics: [] };

/** One line for an accommodation's specifics: 'Extended time: 1.5× on tests · in the resource room · every test'. */
export const specificsText = (specifics: Pick<AccommodationSpecifics, 'details' | 'where' | 'frequency'>): string =>
  [specifics.details, specifics.where, specifics.frequency].filter((part): part is string => Boolean(part)).join(' · ');

/** The record's parts, as a version's differences name them. */
export const RECORD_FIELDS = ['impairment', 'lifeActivities', 'participants', 'consent', 'specifics'] as const;
export type RecordField = (typeof RECORD_FIELDS)[number];

/** One difference in the record between two versions, as people read it; `accommodationId` for specifics. */
export interface RecordChange {
  field: RecordField;
  accommodationId?: string;
  before: string | null;
  after: string | null;
}
export const recordChangeSchema = z.object({
  field: z.enum(RECORD_FIELDS),
  accommodationId: z.string().optional(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});


export const RECORD_FIELD_LABELS: Record<RecordField, string> = {
  impairment: 'Impairment',
  lifeActivities: 'Major life activities limited',
  participants: 'Who took part',
  consent: 'Parent’s consent',
  specifics: 'Specifics',
};

/** A version's record differences as `viewer` may read them: none about the impairment or consent without 'see-plan-record'. */
export const recordChangesFor = (changes: readonly RecordChange[], seesRestricted: boolean, seesPrivate = true): RecordChange[] =>
  changes.filter((change) => (seesRestricted || !RESTRICTED_RECORD_FIELDS.includes(change.field)) && (seesPrivate || change.field !== 'participants'));
