import type { EventEnvelope } from '../../events/envelope.ts';
import type { Plan } from '../../schemas/plan.ts';
import { evolvePlan, initialPlanState, isPlanEvent } from './plan.ts';

/** A plan as it was then: the same fields as a plan read now. */
export type PlanAsOf = Plan;

export interface PlanVersion {
  revision: number;
  at: string;
  actorId: string;
  plan: PlanAsOf;
}

/** Every version of a plan, oldest first: the state after each of its events, folded with the one `evolvePlan`. */
export function planVersions(events: readonly EventEnvelope[]): PlanVersion[] {
  const versions: PlanVersion[] = [];
  let state = initialPlanState();
  for (const event of events) {
    if (!isPlanEvent(event)) continue;
    state = evolvePlan(state, event);
    if (state.status !== 'present') continue;
    const plan: PlanAsOf = { studentId: state.studentId, ...state.fields, id: event.data.planId, lastUpdated: event.occurredAt, revision: event.revision };
    versions.push({ revision: event.revision, at: event.occurredAt, actorId: event.actor.userId, plan });
  }
  return versions;
}

/** A plan as it was at `asOf` (ISO), or null when not yet created. */
export function planAsOf(events: readonly EventEnvelope[], asOf: string): PlanAsOf | null {
  return planVersions(events.filter((event) => event.occurredAt <= asOf)).at(-1)?.plan ?? null;
}
