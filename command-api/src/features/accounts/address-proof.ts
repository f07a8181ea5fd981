import { streamName } from '@accommodate/shared-events/events/stream-name';
import { userDecider } from '@accommodate/shared-events/domain/account/decide-user';
import { twoFactorDecider } from '@accommodate/shared-events/domain/account/decide-two-factor';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand, readState } from '../../framework/handle-command.ts';
import type { SessionStore } from '../../auth/sessions.ts';
import { revokeCalendarFeeds } from '../../shared/calendar-feeds.ts';
import { markEmailVerified } from './email-verification.ts';

/** How the address was proved: what that says of whoever set the account up. */
export type AddressProof =
  /** The verification link, followed in a session of the account: the session's holder holds the inbox too. */
  | { kind: 'link-in-session'; sessionToken: string | undefined }
  /** A reset link (the inbox alone) or the district's provider: whoever set the account up may be someone else. */
  | { kind: 'inbox' };

/**
 * Someone may register another person's address first and set the account up: two-factor sign-in on their own phone,
 * a calendar feed, sessions. None of it may survive the address's real owner taking the account back. So when an
 * address is proved on an account that had not proved it, whatever its unproved holder set up goes: two-factor with
 * its recovery codes, every feed URL, every other session. Through the verification link (which takes the account's
 * own session) the holder is the owner, so only an account that never proved any address is cleared that way; a
 * verified teacher confirming a new address keeps their set-up.
 */
export async function proveAddress(context: AppContext, sessions: SessionStore, user: { userId: string; email: string }, proof: AddressProof): Promise<void> {
  const { userId } = user;
  const before = await readState(context, userDecider, streamName('user', userId));
  const unprovedHolder =
    before.status === 'registered' && before.email === user.email && !before.emailVerified && (proof.kind === 'inbox' || !before.everVerified);
  // Cleared before the address counts: should this stop half-way, the next proof finds it unproved and clears again.
  if (unprovedHolder) {
    await handleCommand(context, twoFactorDecider, streamName('user', userId), { type: 'ClearTwoFactor', userId }, { actor: { userId } });
    await revokeCalendarFeeds(context.readStore, userId);
    await sessions.destroyOthers(userId, proof.kind === 'link-in-session' ? proof.sessionToken : undefined);
  }
  await markEmailVerified(context, user);
}
