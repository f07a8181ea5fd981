import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import type { EventEnvelope } from '@accommodate/shared-events/events/envelope';
import type { Logger } from '@accommodate/shared-events/logging/logger';
import type { StudentEvent } from '@accommodate/shared-events/events/student-events';
import type { DistrictEvent } from '@accommodate/shared-events/events/district-events';
import { isEventOf } from '@accommodate/shared-events/domain/event-types';
import type { ProjectionProgress } from '../../framework/command-context.ts';

/** Events after which someone may have lost sight of a student. */
const losesAccess = isEventOf<Extract<StudentEvent, { type: 'ShareRevoked' | 'ShareExpired' | 'StudentShared' | 'StudentDeleted' }>>([
  'ShareRevoked',
  'ShareExpired',
  'StudentShared',
  'StudentDeleted',
]);
/** A district admin removed reaches none of the district's students through it any more. */
const removedAdmin = isEventOf<Extract<DistrictEvent, { type: 'DistrictAdminRemoved' }>>(['DistrictAdminRemoved']);
type RecheckTarget = { studentId: string } | { userId: string };
const recheckTarget = (envelope: EventEnvelope): RecheckTarget | null => {
  if (losesAccess(envelope)) return { studentId: envelope.data.studentId };
  if (removedAdmin(envelope) && envelope.data.userId !== null) return { userId: envelope.data.userId };
  return null;
};
const CATCH_UP_TIMEOUT_MS = 3_000;
/** How long a late re-check waits for lagging read models (a stuck projection is an outage of its own). */
const LATE_RECHECK_LIMIT_MS = 10 * 60_000;

/**
 * Why here, in the API process: sockets live on the API nodes, while in distributed
 * mode the projections (and the pokes they publish) run elsewhere and the expiry job
 * runs in the workers. So each API node follows the event log from its start-up head,
 * and when a share is revoked or expires (or a student is deleted, or re-shared in a
 * narrower role), it waits until the read models include that event and then re-checks
 * its own sockets in the student's room (`revalidate`): those whose user may no longer
 * view the student leave it. The same access check as HTTP decides, so there is one rule.
 */
export function startShareAccessReactor(deps: {
  eventStore: Pick<EventStore, 'subscribeToAll' | 'headPosition'>;
  progress: ProjectionProgress;
  logger: Logger;
  revalidate(studentId: string): Promise<void>;
  /** The same for every student room the user's sockets are in. */
  revalidateUser?(userId: string): Promise<void>;
}): { stop(): Promise<void> } {
  const abort = new AbortController();
  /** A student's room, or the rooms a user's sockets are in. */
  const recheck = (target: RecheckTarget) =>
    ('studentId' in target ? deps.revalidate(target.studentId) : (deps.revalidateUser?.(target.userId) ?? Promise.resolve())).catch((error: unknown) => {
      deps.logger.warn('socket access re-check failed', { error: error instanceof Error ? error.name : typeof error });
    });
  const recheckOnceProjected = async (position: bigint, target: RecheckTarget) => {
    deps.logger.warn('read models lagging; the socket access re-check is repeated once they catch up');
    for (let waited = 0; waited < LATE_RECHECK_LIMIT_MS && !abort.signal.aborted; waited += CATCH_UP_TIMEOUT_MS) {
      if (await deps.progress.waitForPosition(position, CATCH_UP_TIMEOUT_MS)) return recheck(target);
    }
  };
  const follow = async () => {
    let after = await deps.eventStore.headPosition();
    while (!abort.signal.aborted) {
      try {
        for await (const envelope of deps.eventStore.subscribeToAll({ after, signal: abort.signal })) {
          after = envelope.position;
          const target = recheckTarget(envelope);
          if (target === null) continue;
          const projected = await deps.progress.waitForPosition(envelope.position, CATCH_UP_TIMEOUT_MS);
          await recheck(target);
          // Checked against read models without the event, the revoked user stays in the room: so checked again once
          // they have it. In the background, so that one lagging projection holds up nobody else's re-check.
          if (!projected) void recheckOnceProjected(envelope.position, target);
        }
      } catch (error) {
        if (abort.signal.aborted) return;
        deps.logger.warn('share access subscription ended; resubscribing', { error: error instanceof Error ? error.name : typeof error });
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };
  const running = follow().catch((error: unknown) => {
    deps.logger.error('share access reactor stopped', { error: error instanceof Error ? error.name : typeof error });
  });
  return {
    async stop() {
      abort.abort();
      await running;
    },
  };
}
