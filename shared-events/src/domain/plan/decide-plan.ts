import type { PlanContent, PlanEvent, VersionContent } from '../../events/plan-events.ts';
import type { PlanRecord } from '../../schemas/plan-record.ts';
import { encodePlanRecord, samePlanRecord } from './plan-record.ts';
import type { Decider } from '../decider.ts';
import { reviewIn } from '../school/rollover.ts';
import { IllegalStateError, NotFoundError, ValidationError } from '../errors.ts';
import { changesFrom } from '../changes.ts';
import { assertReadyToFinalise } from './plan-minimum.ts';
import { acknowledgementKey, evolvePlan, initialPlanState, PLAN_EVENT_TYPES, type PlanFields, type PlanState } from './plan.ts';

/** A teacher asked to acknowledge a version, with the role they had then. */
export interface TeacherAsked {
  userId: string;
  role: string;
}

/** What a version fixes besides the plan's own fields: the student's accommodations as they read now, and who must acknowledge. */
interface VersionInputs {
  /** Who signs the version: being one of the teachers asked, they have acknowledged it by signing. */
  by: string;
  effectiveDate: string;
  accommodations: PlanContent['accommodations'];
  teachers: TeacherAsked[];
}

/** The plan's fields a version freezes: a final plan changes them only through an amendment. */
export const CONTENT_FIELDS = ['startDate', 'reviewDate', 'meetingDate', 'caseManager'] as const;
export type ContentChanges = Partial<Pick<PlanFields, (typeof CONTENT_FIELDS)[number]>>;

export type PlanCommand =
  | { type: 'CreatePlan'; planId: string; studentId: string; fields: PlanFields }
  | { type: 'UpdatePlan'; planId: string; changes: Partial<PlanFields> }
  | ({ type: 'FinalisePlan'; planId: string } & VersionInputs)
  | ({ type: 'AmendPlan'; planId: string; reason: string; changes: ContentChanges; record?: PlanRecord } & VersionInputs)
  /** The whole record the meeting decided; `accommodationIds` are the student's, whose specifics it may give. */
  | { type: 'RecordPlan'; planId: string; record: PlanRecord; accommodationIds: readonly string[] }
  | { type: 'AcknowledgeVersion'; planId: string; version: number; userId: string }
  /** The year-end rollover: the annual review into the new school year, if it falls before it. */
  | { type: 'ScheduleReview'; planId: string; schoolYear: string };

/** The same words as planFormSchema, for a patch that moves only one of the two dates. */
export const REVIEW_BEFORE_START = 'Review date must be on or after the start date';
export const ALREADY_FINAL = 'This plan is already final: amend it to change it';
export const NOT_FINAL = 'Only a final plan can be amended: finalise it first';
export const PLAN_IS_FINAL = 'This plan is final: amend the plan to change its dates or case manager';
export const REASON_REQUIRED = 'A reason is required';
export const RECORD_IS_FINAL = 'This plan is final: amend the plan to change its record';
export const SPECIFICS_OF_OTHERS = 'Specifics can only be given for the student’s own accommodations';
export const EFFECTIVE_BEFORE_PREVIOUS = 'The effective date cannot be before the previous version’s';
export const EFFECTIVE_BEFORE_START = 'The effective date cannot be before the plan starts';

const PLAN_FIELDS = ['startDate', 'reviewDate', 'status', 'meetingDate', 'caseManager'] as const;

type PresentPlan = Extract<PlanState, { status: 'present' }>;

function assertPresent(state: PlanState): asserts state is PresentPlan {
  if (state.status !== 'present') throw new NotFoundError('Plan');
}

function assertDatesInOrder(fields: PlanFields): void {
  if (fields.reviewDate < fields.startDate) throw ValidationError.onField('reviewDate', REVIEW_BEFORE_START);
}

/** A version's content; the record frozen with it when there is one (versions before the record had none). */
const contentOf = (fields: PlanFields, accommodations: PlanContent['accommodations'], record: PlanRecord | null): VersionContent => ({
  startDate: fields.startDate,
  reviewDate: fields.reviewDate,
  meetingDate: fields.meetingDate,
  caseManager: fields.caseManager,
  accommodations,
  ...(record === null ? {} : { record: encodePlanRecord(record) }),
});

function assertSpecificsOfOwn(record: PlanRecord, accommodationIds: readonly string[]): void {
  if (record.specifics.some((specifics) => !accommodationIds.includes(specifics.accommodationId))) throw ValidationError.onField('specifics', SPECIFICS_OF_OTHERS);
}

function signersAcknowledgement(command: { planId: string; by: string; teachers: TeacherAsked[] }, studentId: string, version: number): PlanEvent[] {
  if (!command.teachers.some((teacher) => teacher.userId === command.by)) return [];
  return [{ type: 'PlanVersionAcknowledged', data: { planId: command.planId, studentId, version, userId: command.by } }];
}

export function decidePlan(command: PlanCommand, state: PlanState): PlanEvent[] {
  switch (command.type) {
    case 'CreatePlan':
      if (state.status !== 'absent') throw new IllegalStateError('This plan already exists');
      return [{ type: 'PlanCreated', data: { planId: command.planId, studentId: command.studentId, ...command.fields } }];
    case 'UpdatePlan': {
      assertPresent(state);
      const changes = changesFrom(state.fields, command.changes, PLAN_FIELDS);
      assertDatesInOrder({ ...state.fields, ...changes });
      if (state.version > 0 && CONTENT_FIELDS.some((field) => field in changes)) throw new IllegalStateError(PLAN_IS_FINAL);
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'PlanUpdated', data: { planId: command.planId, studentId: state.studentId, changes } }];
    }
    case 'FinalisePlan': {
      assertPresent(state);
      if (state.version > 0) throw new IllegalStateError(ALREADY_FINAL);
      const { planId, accommodations, teachers } = command;
      assertReadyToFinalise(state.record, accommodations.length);
      // A version cannot take effect before its plan starts: one signed ahead of the start is in force from the start.
      const effectiveDate = command.effectiveDate < state.fields.startDate ? state.fields.startDate : command.effectiveDate;
      const content = contentOf(state.fields, accommodations, state.record);
      const finalised: PlanEvent = { type: 'PlanFinalised', data: { planId, studentId: state.studentId, version: 1, effectiveDate, content, teachers } };
      return [finalised, ...signersAcknowledgement(command, state.studentId, 1)];
    }
    case 'AmendPlan': {
      assertPresent(state);
      if (state.version === 0) throw new IllegalStateError(NOT_FINAL);
      const reason = command.reason.trim();
      if (reason === '') throw ValidationError.onField('reason', REASON_REQUIRED);
      if (state.effectiveDate !== null && command.effectiveDate < state.effectiveDate) {
        throw ValidationError.onField('effectiveDate', EFFECTIVE_BEFORE_PREVIOUS);
      }
      const fields = { ...state.fields, ...changesFrom(state.fields, command.changes, CONTENT_FIELDS) };
      assertDatesInOrder(fields);
      if (command.effectiveDate < fields.startDate) throw ValidationError.onField('effectiveDate', EFFECTIVE_BEFORE_START);
      const { planId, effectiveDate, accommodations, teachers } = command;
      const record = command.record ?? state.record;
      if (command.record) assertSpecificsOfOwn(command.record, accommodations.map((accommodation) => accommodation.id));
      const version = state.version + 1;
      const amended: PlanEvent = { type: 'PlanAmended', data: { planId, studentId: state.studentId, version, reason, effectiveDate, content: contentOf(fields, accommodations, record), teachers } };
      return [amended, ...signersAcknowledgement(command, state.studentId, version)];
    }
    case 'RecordPlan': {
      assertPresent(state);
      if (state.version > 0) throw new IllegalStateError(RECORD_IS_FINAL);
      assertSpecificsOfOwn(command.record, command.accommodationIds);
      if (samePlanRecord(state.record, command.record)) return [];
      return [{ type: 'PlanRecordUpdated', data: { planId: command.planId, studentId: state.studentId, record: encodePlanRecord(command.record) } }];
    }
    case 'ScheduleReview': {
      assertPresent(state);
      const reviewDate = reviewIn(state.fields, command.schoolYear);
      if (reviewDate === null) return [];
      return [{ type: 'PlanReviewScheduled', data: { planId: command.planId, studentId: state.studentId, reviewDate, schoolYear: command.schoolYear } }];
    }
    case 'AcknowledgeVersion': {
      assertPresent(state);
      const { planId, version, userId } = command;
      if (version < 1 || version > state.version) throw new NotFoundError('Plan version');
      if (state.acknowledged.includes(acknowledgementKey(version, userId))) return [];
      return [{ type: 'PlanVersionAcknowledged', data: { planId, studentId: state.studentId, version, userId } }];
    }
  }
}

export const planDecider: Decider<PlanState, PlanCommand, PlanEvent> = {
  eventTypes: PLAN_EVENT_TYPES,
  initialState: initialPlanState,
  evolve: evolvePlan,
  decide: decidePlan,
};
