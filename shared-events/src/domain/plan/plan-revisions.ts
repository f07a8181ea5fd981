import type { EventEnvelope } from '../../events/envelope.ts';
import type { Plan } from '../../schemas/plan.ts';
import type { PlanRecord } from '../../schemas/plan-record.ts';
import { evolvePlan, initialPlanState, isPlanEvent } from './plan.ts';

/** A plan as it was then: the same fields as a plan read now. */
export type PlanAsOf = Plan;

export interface PlanRevision {
  revision: number;
  at: string;
  actorId: string;
  plan: PlanAsOf;
}

/**
 * Every change of a plan, oldest first: the state after each of its events that changes it, folded with the one
 * `evolvePlan`. An acknowledgement changes nobody's reading of the plan, so it is no revision.
 */
export function planRevisions(events: readonly EventEnvelope[]): PlanRevision[] {
  const revisions: PlanRevision[] = [];
  let state = initialPlanState();
  for (const event of events) {
    if (!isPlanEvent(event)) continue;
    state = evolvePlan(state, event);
    if (state.status !== 'present' || event.type === 'PlanVersionAcknowledged') continue;
    const plan: PlanAsOf = {
      studentId: state.studentId,
      ...state.fields,
      id: event.data.planId,
      lastUpdated: event.occurredAt,
      revision: event.revision,
      ...(state.version > 0 ? { version: state.version } : {}),
    };
    revisions.push({ revision: event.revision, at: event.occurredAt, actorId: event.actor.userId, plan });
  }
  return revisions;
}

/** A plan as it was at `asOf` (ISO), or null when not yet created. */
export function planAsOf(events: readonly EventEnvelope[], asOf: string): PlanAsOf | null {
  return planRevisions(events.filter((event) => event.occurredAt <= asOf)).at(-1)?.plan ?? null;
}

/** The plan record as it stood at `asOf` (ISO): the one `evolvePlan` over the events made by then. */
export function planRecordAsOf(events: readonly EventEnvelope[], asOf: string): PlanRecord | null {
  let state = initialPlanState();
  for (const event of events) if (isPlanEvent(event) && event.occurredAt <= asOf) state = evolvePlan(state, event);
  return state.status === 'present' ? state.record : null;
}
