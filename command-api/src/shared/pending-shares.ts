import { streamName } from '@accommodate/shared-events/events/stream-name';
import { sharingDecider } from '@accommodate/shared-events/domain/sharing/decide-share';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import type { AppContext } from '../framework/command-context.ts';
import { handleCommand } from '../framework/handle-command.ts';

/**
 * Called once an account has the e-mail (registration, a change of e-mail): every pending share
 * for it becomes active. A failure on one student does not stop the others, and a
 * later registration step never depends on it.
 */
export async function activatePendingShares(context: AppContext, user: { userId: string; email: string }): Promise<number> {
  const pending = await caseloadQueries(context.readStore).pendingSharesFor(user.email.trim().toLowerCase());
  let activated = 0;
  for (const share of pending) {
    try {
      const result = await handleCommand(
        context,
        sharingDecider,
        streamName('student', share.studentId),
        { type: 'ActivateShare', studentId: share.studentId, shareId: share.id, granteeUserId: user.userId },
        { actor: { userId: user.userId } },
      );
      if (result.newEvents.length > 0) activated += 1;
    } catch (error) {
      context.logger.warn('pending share not activated', { error: error instanceof Error ? error.name : 'unknown' });
    }
  }
  return activated;
}
