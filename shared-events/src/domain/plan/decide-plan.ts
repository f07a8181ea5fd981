import type { PlanEvent } from '../../events/plan-events.ts';
import type { Decider } from '../decider.ts';
import { IllegalStateError, NotFoundError, ValidationError } from '../errors.ts';
import { changesFrom } from '../changes.ts';
import { evolvePlan, initialPlanState, PLAN_EVENT_TYPES, type PlanFields, type PlanState } from './plan.ts';

export type PlanCommand =
  | { type: 'CreatePlan'; planId: string; studentId: string; fields: PlanFields }
  | { type: 'UpdatePlan'; planId: string; changes: Partial<PlanFields> };

/** The same words as planFormSchema, for a patch that moves only one of the two dates. */
export const REVIEW_BEFORE_START = 'Review date must be on or after the start date';

const PLAN_FIELDS = ['startDate', 'reviewDate', 'status', 'meetingDate', 'caseManager'] as const;

export function decidePlan(command: PlanCommand, state: PlanState): PlanEvent[] {
  switch (command.type) {
    case 'CreatePlan':
      if (state.status !== 'absent') throw new IllegalStateError('This plan already exists');
      return [{ type: 'PlanCreated', data: { planId: command.planId, studentId: command.studentId, ...command.fields } }];
    case 'UpdatePlan': {
      if (state.status !== 'present') throw new NotFoundError('Plan');
      const changes = changesFrom(state.fields, command.changes, PLAN_FIELDS);
      const after = { ...state.fields, ...changes };
      if (after.reviewDate < after.startDate) {
        throw ValidationError.onField('reviewDate', REVIEW_BEFORE_START);
      }
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'PlanUpdated', data: { planId: command.planId, studentId: state.studentId, changes } }];
    }
  }
}

export const planDecider: Decider<PlanState, PlanCommand, PlanEvent> = {
  eventTypes: PLAN_EVENT_TYPES,
  initialState: initialPlanState,
  evolve: evolvePlan,
  decide: decidePlan,
};
