import { streamName } from '@accommodate/shared-events/events/stream-name';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand } from '../../framework/handle-command.ts';
import type { AccountTokens } from '../../auth/account-tokens.ts';
import { activatePendingShares } from '../../shared/pending-shares.ts';
import { activatePendingClassTeachers } from '../../shared/pending-class-teachers.ts';
import { activatePendingStaff } from '../../shared/pending-staff.ts';
import { sendAccountMail } from '../../shared/account-mail.ts';
import { userDecider } from '@accommodate/shared-events/domain/account/decide-user';

/**
 * An e-mail address counts only once verified: a student shared with an address reaches the account that
 * proved it holds the address, by following a link mailed there, and no account that merely typed it in.
 */

/** Mails the account a link that proves `email`; it replaces any earlier verification link of the account. */
export async function mailVerificationLink(context: AppContext, tokens: AccountTokens, user: { userId: string; email: string }): Promise<void> {
  const token = await tokens.issue(user.userId, 'verify-email', user.email);
  sendAccountMail(context, user, { kind: 'verify-email', token });
}

/**
 * The account proved `email` (its verification link, or a reset link mailed there): UserEmailVerified, then every
 * share, class, school staff and district admin invitation still pending for exactly that address becomes the account's.
 */
export async function markEmailVerified(context: AppContext, user: { userId: string; email: string }): Promise<void> {
  await handleCommand(context, userDecider, streamName('user', user.userId), { type: 'VerifyEmail', ...user }, { actor: { userId: user.userId } });
  await activatePendingShares(context, user);
  await activatePendingClassTeachers(context, user);
  await activatePendingStaff(context, user);
}
