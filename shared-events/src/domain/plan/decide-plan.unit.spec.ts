import { describe, it } from 'vitest';
import type { PlanEvent } from '../../events/plan-events.ts';
import { DeciderSpecification } from '../testing/decider-specification.ts';
import { IllegalStateError, NotFoundError, ValidationError } from '../errors.ts';
import { planDecider, REVIEW_BEFORE_START } from './decide-plan.ts';
import type { PlanFields } from './plan.ts';

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
