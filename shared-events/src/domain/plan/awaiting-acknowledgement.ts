import type { PlanEvent } from '../../events/plan-events.ts';

/** What a read model keeps of who is still asked to acknowledge a plan's latest version, and since when. */
export interface AwaitingAcknowledgement {
  version?: number | undefined;
  awaitingAcknowledgement?: string[] | undefined;
  versionSince?: string | undefined;
}

/**
 * Who of the teachers asked about the latest version has yet to acknowledge it, and since when it waits, after an
 * event: a new version asks every teacher it names again; an acknowledgement of an older version changes nothing.
 */
export function awaitingAfter(existing: AwaitingAcknowledgement | null, event: PlanEvent & { occurredAt: string }): Pick<AwaitingAcknowledgement, 'awaitingAcknowledgement' | 'versionSince'> {
  switch (event.type) {
    case 'PlanFinalised':
    case 'PlanAmended':
      return { awaitingAcknowledgement: event.data.teachers.map((teacher) => teacher.userId), versionSince: event.occurredAt };
    case 'PlanVersionAcknowledged': {
      const waiting = existing?.awaitingAcknowledgement ?? [];
      const latest = event.data.version === existing?.version;
      return { awaitingAcknowledgement: latest ? waiting.filter((userId) => userId !== event.data.userId) : waiting };
    }
    default:
      return {};
  }
}
