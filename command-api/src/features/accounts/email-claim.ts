import { streamName } from '@accommodate/shared-events/events/stream-name';
import { emailClaimDecider } from '@accommodate/shared-events/domain/account/decide-user';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand } from '../../framework/handle-command.ts';
import { emailKey } from '../../auth/credentials.ts';

/**
 * Claims the address for the account: a registration, a change of address, a first single sign-on. Two claims racing
 * for one address: the loser's claim is decided again on the claimed stream (handleCommand's retry), and it is refused
 * as a late one is (IllegalStateError, 409).
 */
export const claimEmail = (context: Pick<AppContext, 'eventStore' | 'progress'>, email: string, userId: string) =>
  handleCommand(context, emailClaimDecider, streamName('userEmail', emailKey(email)), { type: 'ClaimEmail', userId }, { actor: { userId } });
