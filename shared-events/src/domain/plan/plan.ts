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

/** Where a plan stands in its versions (issue 27): 0 while a draft, then the latest version's number. */
export interface PlanFinality {
  version: number;
  /** The latest version's effective date (YYYY-MM-DD); null while a draft. */
  effectiveDate: string | null;
  /** `${version}:${userId}` for each acknowledgement recorded, so a repeated one is recognised. */
  acknowledged: readonly string[];
}

export type PlanState = { status: 'absent' } | ({ status: 'present'; studentId: string; fields: PlanFields } & PlanFinality);

export const initialPlanState = (): PlanState => ({ status: 'absent' });
export const DRAFT: PlanFinality = { version: 0, effectiveDate: null, acknowledged: [] };
export const acknowledgementKey = (version: number, userId: string): string => `${version}:${userId}`;

export function evolvePlan(state: PlanState, event: PlanEvent): PlanState {
  switch (event.type) {
    case 'PlanCreated': {
      const { planId: _planId, studentId, ...fields } = event.data;
      return { status: 'present', studentId, fields, ...DRAFT };
    }
    case 'PlanUpdated': {
      if (state.status !== 'present') return state;
      return { ...state, fields: withChanges(state.fields, event.data.changes) };
    }
    case 'PlanFinalised':
    case 'PlanAmended': {
      if (state.status !== 'present') return state;
      const { accommodations: _accommodations, ...dates } = event.data.content;
      return { ...state, fields: { ...state.fields, ...dates }, version: event.data.version, effectiveDate: event.data.effectiveDate };
    }
    case 'PlanReviewScheduled':
      return state.status === 'present' ? { ...state, fields: { ...state.fields, reviewDate: event.data.reviewDate } } : state;
    case 'PlanVersionAcknowledged': {
      if (state.status !== 'present') return state;
      const key = acknowledgementKey(event.data.version, event.data.userId);
      return state.acknowledged.includes(key) ? state : { ...state, acknowledged: [...state.acknowledged, key] };
    }
  }
}
