import { randomUUID } from 'node:crypto';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import type { ShareInput } from '@accommodate/shared-events/schemas/share';
import { NotFoundError, ValidationError } from '@accommodate/shared-events/domain/errors';
import { sharingDecider } from '@accommodate/shared-events/domain/sharing/decide-share';
import { shareForEmail } from '@accommodate/shared-events/domain/sharing/sharing';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import type { ShareDoc } from '@accommodate/projections/queries/caseload-schema';
import { userQueries } from '@accommodate/projections/queries/users-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand } from '../../framework/handle-command.ts';

export const EXPIRY_IN_PAST = 'Expiry date cannot be in the past';

/** Today in UTC as YYYY-MM-DD: an expiry date is the last day of access, so today is still allowed. */
const todayUtc = (now: Date) => now.toISOString().slice(0, 10);

export function assertExpiryAhead(expiresAt: string | null | undefined, now: Date): void {
  if (expiresAt && expiresAt < todayUtc(now)) throw ValidationError.onField('expiresAt', EXPIRY_IN_PAST);
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
  const caseload = caseloadQueries(context.readStore);
  const users = userQueries(context.readStore);
  // Only an account that proved the address receives a share; for any other the share waits, pending, and
  // the answer looks the same as for an address with no account. One's own address is refused whatever its state.
  const grantee = await users.verifiedUserWithEmail(input.email);
  const granter = await users.userById(grantedBy);
  const granteeUserId = granter?.email === input.email ? grantedBy : (grantee?.id ?? null);
  const existed = await caseload.isSharedWith(studentId, input.email);
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
      expiresAt: input.expiresAt ?? null,
      granteeUserId,
      grantedBy,
    },
    { actor: { userId: grantedBy } },
  );
  const granted = shareForEmail(result.state, input.email);
  const share = granted ? await caseload.shareById(granted.shareId) : null;
  if (!granted || !share) throw new NotFoundError('Share');
  // The expiry job is scheduled by the workers from the StudentShared event (notification-subscriber.ts).
  return { share, created: !existed };
}

export async function revokeShare(context: AppContext, revoke: { studentId: string; shareId: string; userId: string }): Promise<void> {
  const share = await caseloadQueries(context.readStore).shareById(revoke.shareId);
  if (!share || share.studentId !== revoke.studentId) throw new NotFoundError('Share');
  await handleCommand(
    context,
    sharingDecider,
    streamName('student', revoke.studentId),
    { type: 'RevokeShare', studentId: revoke.studentId, shareId: revoke.shareId },
    { actor: { userId: revoke.userId } },
  );
}
