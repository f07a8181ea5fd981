import type { AppContext } from '../framework/command-context.ts';
import { TooManyRequestsError } from '../http/errors.ts';

/**
 * A limit on what one account may do in an hour, where each request tries one address: a teacher shares or invites a
 * few a day, someone testing which addresses have accounts would need hundreds. The counter is shared by every route
 * that uses the same name.
 */
export function perAccountLimit(context: Pick<AppContext, 'limits'>, name: string, message: string): (userId: string) => Promise<void> {
  const counter = context.limits.rate(name, { points: 30, durationSec: 60 * 60 });
  return async (userId) => {
    const wait = await counter.take(userId);
    if (wait !== null) throw new TooManyRequestsError(message, wait);
  };
}
