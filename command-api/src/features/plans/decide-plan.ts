import type { PlanEvent } from '@accommodate/shared-events/events/plan-events';
import type { Decider } from '../../framework/decider.ts';
import { conflict, HttpError, notFound } from '../../http/errors.ts';
import { evolvePlan, initialPlanState, type PlanFields, type PlanState } from './plan.ts';

export type PlanCommand =
  | { type: 'CreatePlan'; planId: string; studentId: string; fields: PlanFields }
  | { type: 'UpdatePlan'; planId: string; changes: Partial<PlanFields> };

/** The same words as planFormSchema, for a patch that moves only one of the two dates. */
export const REVIEW_BEFORE_START = 'Review date must be on or after the start date';

const PLAN_FIELDS = ['startDate', 'reviewDate', 'status', 'meetingDate', 'caseManager'] as const;

export function decidePlan(command: PlanCommand, state: PlanState): PlanEvent[] {
  switch (command.type) {
    case 'CreatePlan':
      if (state.status !== 'absent') throw conflict('This plan already exists');
      return [{ type: 'PlanCreated', data: { planId: command.planId, studentId: command.studentId, ...command.fields } }];
    case 'UpdatePlan': {
      if (state.status !== 'present') throw notFound('Plan');
      const changes: Partial<PlanFields> = {};
      for (const field of PLAN_FIELDS) {
        const value = command.changes[field];
        if (value !== undefined && value !== state.fields[field]) (changes as Record<string, string | null>)[field] = value;
      }
      const after = { ...state.fields, ...changes };
      if (after.reviewDate < after.startDate) {
        throw new HttpError(400, REVIEW_BEFORE_START, { errors: { reviewDate: REVIEW_BEFORE_START } });
      }
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'PlanUpdated', data: { planId: command.planId, studentId: state.studentId, changes } }];
    }
  }
}

export const planDecider: Decider<PlanState, PlanCommand, PlanEvent> = {
  initialState: initialPlanState,
  evolve: evolvePlan,
  decide: decidePlan,
};
