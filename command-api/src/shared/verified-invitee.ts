import { userQueries } from '@accommodate/projections/queries/users-queries';
import type { AppContext } from '../framework/command-context.ts';

/**
 * The account an invitation goes to at once: only the inviter's own. Any other address waits, pending, whether or
 * not an account has proved it, so that the answer and the lists look the same for every address; the invitee takes
 * it up at their next signed-in request (invitation-take-up.ts) or when they first prove the address.
 */
export async function inviteeAtOnce(context: Pick<AppContext, 'readStore'>, inviterId: string, email: string): Promise<string | null> {
  return (await userQueries(context.readStore).userById(inviterId))?.email === email ? inviterId : null;
}
