import { describe, it } from 'vitest';
import type { PlanEvent } from '../../events/plan-events.ts';
import { DeciderSpecification } from '../testing/decider-specification.ts';
import { IllegalStateError, NotFoundError, ValidationError } from '../errors.ts';
import { EFFECTIVE_BEFORE_START, planDecider, REVIEW_BEFORE_START } from './decide-plan.ts';
import type { PlanFields } from './plan.ts';
import { encodePlanRecord } from './plan-record.ts';
import { MISSING_FOR_FINAL, NOT_READY_TO_FINALISE } from './plan-minimum.ts';
import { EMPTY_PLAN_RECORD, type PlanRecord } from '../../schemas/plan-record.ts';

const spec = DeciderSpecification.for(planDecider);
const fields: PlanFields = { startDate: '2025-09-01', reviewDate: '2026-09-01', status: 'active', meetingDate: null, caseManager: null };
const created: PlanEvent = { type: 'PlanCreated', data: { planId: 'p1', studentId: 's1', ...fields } };
const onReviewDate = (error: ValidationError) => error.message === REVIEW_BEFORE_START && error.errors?.reviewDate === REVIEW_BEFORE_START;

describe('plan decider', () => {
  it('creates a plan for a student', () => {
    spec.given([]).when({ type: 'CreatePlan', planId: 'p1', studentId: 's1', fields }).then([created]);
  });

  it('cannot create the same plan twice', () => {
    spec.given([created]).when({ type: 'CreatePlan', planId: 'p1', studentId: 's1', fields }).thenThrows(IllegalStateError);
  });

  it('records only the fields a patch changes', () => {
    spec
      .given([created])
      .when({ type: 'UpdatePlan', planId: 'p1', changes: { status: 'active', meetingDate: '2026-08-15', caseManager: 'Ms. Rivera' } })
      .then([{ type: 'PlanUpdated', data: { planId: 'p1', studentId: 's1', changes: { meetingDate: '2026-08-15', caseManager: 'Ms. Rivera' } } }]);
  });

  it('decides nothing for a patch that changes nothing', () => {
    spec.given([created]).when({ type: 'UpdatePlan', planId: 'p1', changes: { startDate: '2025-09-01' } }).then([]);
  });

  it('refuses a review date before the start date, even when only one of them is patched', () => {
    spec
      .given([created])
      .when({ type: 'UpdatePlan', planId: 'p1', changes: { reviewDate: '2025-08-01' } })
      .thenThrows(ValidationError, onReviewDate);
    spec
      .given([created, { type: 'PlanUpdated', data: { planId: 'p1', studentId: 's1', changes: { reviewDate: '2025-10-01' } } }])
      .when({ type: 'UpdatePlan', planId: 'p1', changes: { startDate: '2025-11-01' } })
      .thenThrows(ValidationError, onReviewDate);
  });

  it('cannot patch a plan that does not exist', () => {
    spec.given([]).when({ type: 'UpdatePlan', planId: 'p1', changes: { status: 'closed' } }).thenThrows(NotFoundError);
  });
});

describe('plan versions', () => {
  const extendedTime = { id: 'a1', name: 'Extended time', category: 'Testing', description: '1.5× on tests' };
  const quietSpace = { id: 'a2', name: 'Quiet space', category: 'Environment', description: null };
  const teachers = [{ userId: 'owner', role: 'owner' }, { userId: 'co', role: 'co-teacher' }];
  const minimum: PlanRecord = { ...EMPTY_PLAN_RECORD, impairment: 'Dyslexia', lifeActivities: ['Reading'], participants: [{ name: 'Pat Parent', role: 'Parent' }] };
  const recorded: PlanEvent = { type: 'PlanRecordUpdated', data: { planId: 'p1', studentId: 's1', record: encodePlanRecord(minimum) } };
  const content = { startDate: fields.startDate, reviewDate: fields.reviewDate, meetingDate: null, caseManager: null, record: encodePlanRecord(minimum) };
  const finalised: PlanEvent = {
    type: 'PlanFinalised',
    data: { planId: 'p1', studentId: 's1', version: 1, effectiveDate: '2025-09-02', content: { ...content, accommodations: [extendedTime] }, teachers },
  };
  const amend = { type: 'AmendPlan' as const, planId: 'p1', by: 'principal', reason: 'Needs a calm room for tests', effectiveDate: '2025-10-01', changes: {}, accommodations: [extendedTime, quietSpace], teachers };

  it('finalises a draft as version 1, its content frozen as it reads now', () => {
    spec
      .given([created, recorded])
      .when({ type: 'FinalisePlan', planId: 'p1', by: 'principal', effectiveDate: '2025-09-02', accommodations: [extendedTime], teachers })
      .then([finalised]);
  });

  it('counts the signer, being a teacher asked, as having acknowledged what they signed', () => {
    spec
      .given([created, recorded])
      .when({ type: 'FinalisePlan', planId: 'p1', by: 'owner', effectiveDate: '2025-09-02', accommodations: [extendedTime], teachers })
      .then([finalised, { type: 'PlanVersionAcknowledged', data: { planId: 'p1', studentId: 's1', version: 1, userId: 'owner' } }]);
  });

  it('refuses to finalise a plan lacking the least a 504 plan records, naming each thing missing', () => {
    const finalise = { type: 'FinalisePlan' as const, planId: 'p1', by: 'owner', effectiveDate: '2025-09-02', teachers };
    spec
      .given([created])
      .when({ ...finalise, accommodations: [] })
      .thenThrows(IllegalStateError, (error) => error.message === NOT_READY_TO_FINALISE && JSON.stringify(error.details?.missing) === JSON.stringify(Object.values(MISSING_FOR_FINAL)));
    const withoutParticipants: PlanEvent = { ...recorded, data: { planId: 'p1', studentId: 's1', record: encodePlanRecord({ ...minimum, participants: [] }) } };
    spec
      .given([created, withoutParticipants])
      .when({ ...finalise, accommodations: [extendedTime] })
      .thenThrows(IllegalStateError, (error) => JSON.stringify(error.details?.missing) === JSON.stringify([MISSING_FOR_FINAL.participants]));
  });

  it('puts a version signed before its plan starts in force from the start, and refuses an amendment effective before it', () => {
    spec
      .given([created, recorded])
      .when({ type: 'FinalisePlan', planId: 'p1', by: 'principal', effectiveDate: '2025-08-28', accommodations: [extendedTime], teachers })
      .then([{ ...finalised, data: { ...finalised.data, effectiveDate: '2025-09-01' } }]);
    spec
      .given([created, recorded, { ...finalised, data: { ...finalised.data, effectiveDate: '2025-09-01' } }])
      .when({ ...amend, effectiveDate: '2025-09-01', changes: { startDate: '2025-09-15' } })
      .thenThrows(ValidationError, (error) => error.errors?.effectiveDate === EFFECTIVE_BEFORE_START);
  });

  it('refuses to finalise a final plan again', () => {
    spec.given([created, recorded, finalised]).when({ type: 'FinalisePlan', planId: 'p1', by: 'owner', effectiveDate: '2025-09-03', accommodations: [], teachers }).thenThrows(IllegalStateError);
  });

  it('amends a final plan into the next version, numbered on', () => {
    const amended: PlanEvent = {
      type: 'PlanAmended',
      data: { planId: 'p1', studentId: 's1', version: 2, reason: 'Needs a calm room for tests', effectiveDate: '2025-10-01', content: { ...content, accommodations: [extendedTime, quietSpace] }, teachers },
    };
    spec.given([created, recorded, finalised]).when(amend).then([amended]);
    spec.given([created, recorded, finalised, amended]).when({ ...amend, effectiveDate: '2025-11-01' }).then([{ ...amended, data: { ...amended.data, version: 3, effectiveDate: '2025-11-01' } }]);
  });

  it('amends only a final plan, with a reason, effective no earlier than the version before', () => {
    spec.given([created]).when(amend).thenThrows(IllegalStateError);
    spec.given([created, recorded, finalised]).when({ ...amend, reason: '  ' }).thenThrows(ValidationError, (error) => error.errors?.reason !== undefined);
    spec.given([created, recorded, finalised]).when({ ...amend, effectiveDate: '2025-09-01' }).thenThrows(ValidationError, (error) => error.errors?.effectiveDate !== undefined);
  });

  it('locks a final plan’s dates against a plain patch, not its status', () => {
    spec.given([created, recorded, finalised]).when({ type: 'UpdatePlan', planId: 'p1', changes: { reviewDate: '2026-10-01' } }).thenThrows(IllegalStateError);
    spec
      .given([created, recorded, finalised])
      .when({ type: 'UpdatePlan', planId: 'p1', changes: { status: 'closed' } })
      .then([{ type: 'PlanUpdated', data: { planId: 'p1', studentId: 's1', changes: { status: 'closed' } } }]);
  });

  it('records an acknowledgement per teacher and version, once', () => {
    const acknowledged: PlanEvent = { type: 'PlanVersionAcknowledged', data: { planId: 'p1', studentId: 's1', version: 1, userId: 'co' } };
    spec.given([created, recorded, finalised]).when({ type: 'AcknowledgeVersion', planId: 'p1', version: 1, userId: 'co' }).then([acknowledged]);
    spec.given([created, recorded, finalised, acknowledged]).when({ type: 'AcknowledgeVersion', planId: 'p1', version: 1, userId: 'co' }).then([]);
    spec.given([created, recorded, finalised]).when({ type: 'AcknowledgeVersion', planId: 'p1', version: 2, userId: 'co' }).thenThrows(NotFoundError);
    spec.given([created]).when({ type: 'AcknowledgeVersion', planId: 'p1', version: 1, userId: 'co' }).thenThrows(NotFoundError);
  });
});
