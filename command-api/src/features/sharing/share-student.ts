import { randomUUID } from 'node:crypto';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import type { ShareInput } from '@accommodate/shared-events/schemas/share';
import { SHARES } from '@accommodate/projections/definitions/caseload-collections';
import type { ShareDoc } from '@accommodate/projections/definitions/caseload-projection';
import { USERS, type UserDoc } from '@accommodate/projections/definitions/users-projection';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand } from '../../framework/handle-command.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { sharingDecider } from './decide-share.ts';
import { shareForEmail } from './share.ts';

export const EXPIRY_IN_PAST = 'Expiry date cannot be in the past';

/** Today in UTC as YYYY-MM-DD: an expiry date is the last day of access, so today is still allowed. */
const todayUtc = (now: Date) => now.toISOString().slice(0, 10);

export function assertExpiryAhead(expiresAt: string | null | undefined, now: Date): void {
  if (expiresAt && expiresAt < todayUtc(now)) throw new HttpError(400, EXPIRY_IN_PAST, { errors: { expiresAt: EXPIRY_IN_PAST } });
}

/**
 * Grants (or re-grants) one student to an e-mail; the caller has checked that the user
 * may manage its shares. Returns the share's read model and whether it is new.
 */
export async function shareStudent(
  context: AppContext,
  grant: { studentId: string; grantedBy: string; input: ShareInput },
): Promise<{ share: ShareDoc; created: boolean }> {
  const { studentId, grantedBy, input } = grant;
  const expiresAt = input.expiresAt ?? null;
  const users = context.readStore.collection<UserDoc>(USERS);
  // Only an account that proved the address receives a share (issue 22); for any other the share waits, pending, and
  // the answer looks the same as for an address with no account. One's own address is refused whatever its state.
  const [grantee] = await users.find({ email: input.email, emailVerified: true });
  const granter = await users.get(grantedBy);
  const granteeUserId = granter?.email === input.email ? grantedBy : (grantee?.id ?? null);
  const shares = context.readStore.collection<ShareDoc>(SHARES);
  const existed = (await shares.count({ studentId, email: input.email })) > 0;
  const result = await handleCommand(
    context,
    sharingDecider,
    streamName('student', studentId),
    {
      type: 'ShareStudent',
      studentId,
      newShareId: randomUUID(),
      email: input.email,
      role: input.role,
      expiresAt,
      granteeUserId,
      grantedBy,
    },
    { actor: { userId: grantedBy } },
  );
  const granted = shareForEmail(result.state, input.email);
  const share = granted ? await shares.get(granted.shareId) : null;
  if (!granted || !share) throw notFound('Share');
  // The expiry job is scheduled by the workers from the StudentShared event (notification-subscriber.ts).
  return { share, created: !existed };
}

export async function revokeShare(context: AppContext, revoke: { studentId: string; shareId: string; userId: string }): Promise<void> {
  const share = await context.readStore.collection<ShareDoc>(SHARES).get(revoke.shareId);
  if (!share || share.studentId !== revoke.studentId) throw notFound('Share');
  await handleCommand(
    context,
    sharingDecider,
    streamName('student', revoke.studentId),
    { type: 'RevokeShare', studentId: revoke.studentId, shareId: revoke.shareId },
    { actor: { userId: revoke.userId } },
  );
}

/**
 * Called once an account has proved the e-mail (its verification link, or a reset link mailed there): every pending
 * share for exactly that address becomes active. A failure on one student does not stop the others, and the
 * verification never depends on it.
 */
export async function activatePendingShares(context: AppContext, user: { userId: string; email: string }): Promise<number> {
  const pending = await context.readStore.collection<ShareDoc>(SHARES).find({ email: user.email.trim().toLowerCase(), status: 'pending' });
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
