import { streamName } from '@accommodate/shared-events/events/stream-name';
import { sharingDecider } from '@accommodate/shared-events/domain/sharing/decide-share';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import type { AppContext } from '../framework/command-context.ts';
import { handleCommand } from '../framework/handle-command.ts';

/**
 * Called once an account has proved the e-mail (its verification link, or a reset link mailed there): every pending
 * share for exactly that address becomes active. A failure on one student does not stop the others, and the
 * verification never depends on it.
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
