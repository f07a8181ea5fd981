import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import type { Logger } from '@accommodate/shared-events/logging/logger';
import type { StudentEvent } from '@accommodate/shared-events/events/student-events';
import { isEventOf } from '@accommodate/shared-events/domain/event-types';
import type { ProjectionProgress } from '../../framework/command-context.ts';

/** Events after which someone may have lost sight of a student. */
const losesAccess = isEventOf<Extract<StudentEvent, { type: 'ShareRevoked' | 'ShareExpired' | 'StudentShared' | 'StudentDeleted' }>>([
  'ShareRevoked',
  'ShareExpired',
  'StudentShared',
  'StudentDeleted',
]);
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
}): { stop(): Promise<void> } {
  const abort = new AbortController();
  const recheck = (studentId: string) =>
    deps.revalidate(studentId).catch((error: unknown) => {
      deps.logger.warn('socket access re-check failed', { error: error instanceof Error ? error.name : typeof error });
    });
  const recheckOnceProjected = async (position: bigint, studentId: string) => {
    deps.logger.warn('read models lagging; the socket access re-check is repeated once they catch up');
    for (let waited = 0; waited < LATE_RECHECK_LIMIT_MS && !abort.signal.aborted; waited += CATCH_UP_TIMEOUT_MS) {
      if (await deps.progress.waitForPosition(position, CATCH_UP_TIMEOUT_MS)) return recheck(studentId);
    }
  };
  const follow = async () => {
    let after = await deps.eventStore.headPosition();
    while (!abort.signal.aborted) {
      try {
        for await (const envelope of deps.eventStore.subscribeToAll({ after, signal: abort.signal })) {
          after = envelope.position;
          if (!losesAccess(envelope)) continue;
          const { studentId } = envelope.data;
          const projected = await deps.progress.waitForPosition(envelope.position, CATCH_UP_TIMEOUT_MS);
          await recheck(studentId);
          // Checked against read models without the event, the revoked user stays in the room: so checked again once
          // they have it. In the background, so that one lagging projection holds up nobody else's re-check.
          if (!projected) void recheckOnceProjected(envelope.position, studentId);
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
