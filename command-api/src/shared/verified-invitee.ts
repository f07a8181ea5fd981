import { userQueries } from '@accommodate/projections/queries/users-queries';
import type { AppContext } from '../framework/command-context.ts';

/**
 * The account an invitation goes to at once: the inviter's own, or one that proved the address (the rule for
 * shares); for any other address the invitation waits, pending, until an account proves it.
 */
export async function verifiedInvitee(context: Pick<AppContext, 'readStore'>, inviterId: string, email: string): Promise<string | null> {
  const users = userQueries(context.readStore);
  if ((await users.userById(inviterId))?.email === email) return inviterId;
  return (await users.verifiedUserWithEmail(email))?.id ?? null;
}
