import type { EventEnvelope } from '@accommodate/shared-events/events/envelope';
import type { Plan } from '@accommodate/shared-events/schemas/plan';
import { displayName, type Student } from '@accommodate/shared-events/schemas/student';

type Data = Record<string, unknown>;

/** A plan as it was then: the same fields as a plan read now. */
export type PlanAsOf = Plan;

/** The student as it was then: the same fields as a student read now, less how the viewer reaches it. */
export type StudentAsOf = Omit<Student, 'access' | 'sharedBy'>;

const upTo = (events: readonly EventEnvelope[], asOf: string) => events.filter((event) => event.occurredAt <= asOf);

/** The student as it was at `asOf` (ISO), or null when it did not exist then (not yet added, or deleted). */
export function studentAsOf(events: readonly EventEnvelope[], asOf: string): StudentAsOf | null {
  let state: StudentAsOf | null = null;
  for (const event of upTo(events, asOf)) {
    const data = event.data as Data;
    if (event.type === 'StudentAdded') {
      const { studentId, ...details } = data as Data & { studentId: string };
      state = { ...(details as Omit<StudentAsOf, 'id'>), id: studentId, accommodationIds: [], createdAt: event.occurredAt, updatedAt: event.occurredAt, revision: event.revision, name: '' };
    } else if (!state) {
      continue;
    } else if (event.type === 'StudentDetailsUpdated') {
      for (const [field, value] of Object.entries(data.changes as Data)) if (value !== undefined) (state as unknown as Data)[field] = value;
    } else if (event.type === 'StudentAccommodationsChanged') {
      const current: StudentAsOf = state;
      const removed = new Set(data.removed as string[]);
      const ids: string[] = current.accommodationIds.filter((id) => !removed.has(id));
      for (const added of data.added as string[]) if (!ids.includes(added)) ids.push(added);
      state = { ...current, accommodationIds: ids };
    } else if (event.type === 'StudentDeleted') {
      return null;
    } else {
      // Shares change who sees the student, not the record itself.
      continue;
    }
    state.updatedAt = event.occurredAt;
    state.revision = event.revision;
  }
  return state ? { ...state, name: displayName(state) } : null;
}

/** A plan as it was at `asOf`, or null when not yet created. */
export function planAsOf(events: readonly EventEnvelope[], asOf: string): PlanAsOf | null {
  return planVersions(upTo(events, asOf)).at(-1)?.plan ?? null;
}

export interface PlanVersion {
  revision: number;
  at: string;
  actorId: string;
  plan: PlanAsOf;
}

/** Every version of a plan, oldest first: the state after each of its events. */
export function planVersions(events: readonly EventEnvelope[]): PlanVersion[] {
  const versions: PlanVersion[] = [];
  let plan: PlanAsOf | null = null;
  for (const event of events) {
    const data = event.data as Data;
    if (event.type === 'PlanCreated') {
      const { planId, ...fields } = data as Data & { planId: string };
      plan = { ...(fields as Omit<PlanAsOf, 'id' | 'lastUpdated' | 'revision'>), id: planId, lastUpdated: event.occurredAt, revision: event.revision };
    } else if (event.type === 'PlanUpdated' && plan) {
      const next: PlanAsOf = { ...plan, lastUpdated: event.occurredAt, revision: event.revision };
      for (const [field, value] of Object.entries(data.changes as Data)) if (value !== undefined) (next as unknown as Data)[field] = value;
      plan = next;
    } else {
      continue;
    }
    const snapshot: PlanAsOf = { ...plan };
    versions.push({ revision: event.revision, at: event.occurredAt, actorId: event.actor.userId, plan: snapshot });
  }
  return versions;
}
