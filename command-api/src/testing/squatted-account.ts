import { createHash, randomBytes } from 'node:crypto';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { twoFactorDecider } from '@accommodate/shared-events/domain/account/decide-two-factor';
import type { AppContext } from '../framework/command-context.ts';
import { handleCommand } from '../framework/handle-command.ts';
import { calendarFeeds } from '../shared/calendar-feeds.ts';
import { newTotpSecret } from '../auth/totp.ts';

/**
 * What a squatter of an unproved address could set up before the API refused it (and what an account made then may
 * still hold): two-factor sign-in on their own phone and a calendar feed. Written to the stores directly, since the
 * API now refuses both to an unproved address. Returns the feed's URL path.
 */
export async function setUpAsUnprovedHolder(context: AppContext, userId: string): Promise<string> {
  const stream = streamName('user', userId);
  await handleCommand(context, twoFactorDecider, stream, { type: 'StartTwoFactorSetup', userId, secret: newTotpSecret() }, { actor: { userId } });
  await handleCommand(context, twoFactorDecider, stream, { type: 'EnableTwoFactor', userId, step: 1, recoveryCodeHashes: ['squatter'] }, { actor: { userId } });
  const token = randomBytes(32).toString('base64url');
  await calendarFeeds(context.readStore).put({ id: createHash('sha256').update(token).digest('hex'), userId, createdAt: context.now().toISOString() });
  return `/api/calendar/${token}.ics`;
}
