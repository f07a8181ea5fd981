import { streamName } from '@accommodate/shared-events/events/stream-name';
import { sharingDecider } from '@accommodate/shared-events/domain/sharing/decide-share';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import type { AppContext } from '../framework/command-context.ts';
import { handleCommand, type CommandResult } from '../framework/handle-command.ts';

/**
 * Activates each pending grant (a share, a class's invitation) for an account that proved its address: a failure on
 * one does not stop the others, and the verification never depends on it. Returns how many became active.
 */
export async function activateEach<T>(
  context: Pick<AppContext, 'logger'>,
  pending: readonly T[],
  activate: (item: T) => Promise<CommandResult<unknown>>,
  what: string,
): Promise<number> {
  let activated = 0;
  for (const item of pending) {
    try {
      if ((await activate(item)).newEvents.length > 0) activated += 1;
    } catch (error) {
      context.logger.warn(`${what} not activated`, { error: error instanceof Error ? error.name : 'unknown' });
    }
  }
  return activated;
}

/** Called once an account has proved the e-mail (its verification link, or a reset link mailed there): every pending share for exactly that address becomes active. */
export async function activatePendingShares(context: AppContext, user: { userId: string; email: string }): Promise<number> {
  const pending = await caseloadQueries(context.readStore).pendingSharesFor(user.email.trim().toLowerCase());
  return activateEach(
    context,
    pending,
    (share) =>
      handleCommand(
        context,
        sharingDecider,
        streamName('student', share.studentId),
        { type: 'ActivateShare', studentId: share.studentId, shareId: share.id, granteeUserId: user.userId },
        { actor: { userId: user.userId } },
      ),
    'pending share',
  );
}
