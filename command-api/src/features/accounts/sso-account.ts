import { streamName } from '@accommodate/shared-events/events/stream-name';
import { emailClaimDecider, userDecider } from '@accommodate/shared-events/domain/account/decide-user';
import { IllegalStateError } from '@accommodate/shared-events/domain/errors';
import { userQueries } from '@accommodate/projections/queries/users-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand, readState } from '../../framework/handle-command.ts';
import { newSubjectId } from '../../framework/new-subject-id.ts';
import { credentials, emailKey } from '../../auth/credentials.ts';
import type { SessionStore } from '../../auth/sessions.ts';
import { claimEmail } from './email-claim.ts';
import { proveAddress } from './address-proof.ts';

const holderOf = async (context: AppContext, email: string) =>
  (await readState(context, emailClaimDecider, streamName('userEmail', emailKey(email)))).claimedBy;

/**
 * The account of an address the district's provider verified: the one holding the address, or a new one
 * with no password (a staff member imported from the roster signs in for the first time this way). The address counts
 * as verified, so every share, class, school staff and district admin invitation pending for it becomes the account's.
 *
 * An account that held the address without having proved it was registered by someone who typed the address in: the
 * password they chose proves nothing, so it is dropped, and what they set up goes, before the address's owner gets in.
 */
export async function accountOfVerifiedAddress(context: AppContext, sessions: SessionStore, identity: { email: string; name: string | null }): Promise<string> {
  const { email } = identity;
  let userId = await holderOf(context, email);
  if (userId === null) {
    const newId = await newSubjectId(context.eventStore);
    try {
      await claimEmail(context, email, newId);
      const name = (identity.name ?? '').trim().slice(0, 100) || email.slice(0, email.indexOf('@'));
      await handleCommand(context, userDecider, streamName('user', newId), { type: 'RegisterUser', userId: newId, name, email }, {
        actor: { userId: newId },
        expectedRevision: -1,
      });
      userId = newId;
    } catch (error) {
      // A registration or another sign-in took the address a moment ago: it is that account's.
      if (!(error instanceof IllegalStateError)) throw error;
      userId = await holderOf(context, email);
      if (userId === null) throw error;
    }
  } else {
    const account = await userQueries(context.readStore).userById(userId);
    if (account && account.emailVerified !== true) await credentials(context.readStore).delete(emailKey(email));
  }
  // Its unproved holder's sessions, two-factor set-up and calendar feeds go too (address-proof.ts).
  await proveAddress(context, sessions, { userId, email }, { kind: 'inbox' });
  return userId;
}
