import { PLAN_EVENTS, type PlanEvent } from '../../events/plan-events.ts';
import { isEventOf, typesOf } from '../event-types.ts';
import { withChanges } from '../changes.ts';
import type { PlanRecord } from '../../schemas/plan-record.ts';
import { decodePlanRecord } from './plan-record.ts';

export const PLAN_EVENT_TYPES = typesOf(PLAN_EVENTS);
export const isPlanEvent = isEventOf<PlanEvent>(PLAN_EVENT_TYPES);

export interface PlanFields {
  startDate: string;
  reviewDate: string;
  status: string;
  meetingDate: string | null;
  caseManager: string | null;
}

/** Where a plan stands in its versions: 0 while a draft, then the latest version's number. */
export interface PlanFinality {
  version: number;
  /** The latest version's effective date (YYYY-MM-DD); null while a draft. */
  effectiveDate: string | null;
  /** `${version}:${userId}` for each acknowledgement recorded, so a repeated one is recognised. */
  acknowledged: readonly string[];
}

/** The plan record: what the meeting decided; null until recorded (or once its student's key is gone). */
export type PlanState = { status: 'absent' } | ({ status: 'present'; studentId: string; fields: PlanFields; record: PlanRecord | null } & PlanFinality);

export const initialPlanState = (): PlanState => ({ status: 'absent' });
export const DRAFT: PlanFinality = { version: 0, effectiveDate: null, acknowledged: [] };
export const acknowledgementKey = (version: number, userId: string): string => `${version}:${userId}`;

export function evolvePlan(state: PlanState, event: PlanEvent): PlanState {
  switch (event.type) {
    case 'PlanCreated': {
      const { planId: _planId, studentId, ...fields } = event.data;
      return { status: 'present', studentId, fields, record: null, ...DRAFT };
    }
    case 'PlanUpdated': {
      if (state.status !== 'present') return state;
      return { ...state, fields: withChanges(state.fields, event.data.changes) };
    }
    case 'PlanFinalised':
    case 'PlanAmended': {
      if (state.status !== 'present') return state;
      const { accommodations: _accommodations, record, ...dates } = event.data.content;
      // A version made before the plan record existed leaves the record as it was.
      const frozen = record === undefined ? state.record : decodePlanRecord(record);
      return { ...state, fields: { ...state.fields, ...dates }, record: frozen, version: event.data.version, effectiveDate: event.data.effectiveDate };
    }
    case 'PlanRecordUpdated': {
      if (state.status !== 'present') return state;
      return { ...state, record: decodePlanRecord(event.data.record) };
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
