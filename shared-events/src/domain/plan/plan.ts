import { PLAN_EVENTS, type PlanEvent } from '../../events/plan-events.ts';
import { isEventOf, typesOf } from '../event-types.ts';
import { withChanges } from '../changes.ts';

export const PLAN_EVENT_TYPES = typesOf(PLAN_EVENTS);
export const isPlanEvent = isEventOf<PlanEvent>(PLAN_EVENT_TYPES);

export interface PlanFields {
  startDate: string;
  reviewDate: string;
  status: string;
  meetingDate: string | null;
  caseManager: string | null;
}

export type PlanState = { status: 'absent' } | { status: 'present'; studentId: string; fields: PlanFields };

export const initialPlanState = (): PlanState => ({ status: 'absent' });

export function evolvePlan(state: PlanState, event: PlanEvent): PlanState {
  switch (event.type) {
    case 'PlanCreated': {
      const { planId: _planId, studentId, ...fields } = event.data;
      return { status: 'present', studentId, fields };
    }
    case 'PlanUpdated': {
      if (state.status !== 'present') return state;
      return { ...state, fields: withChanges(state.fields, event.data.changes) };
    }
  }
}
