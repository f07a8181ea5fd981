import { TooManyRequestsError } from '../http/errors.ts';
import type { Limits } from './limits.ts';

export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait a few minutes and try again.';
export const TOO_MANY_PASSWORD_TRIES = 'Too many wrong passwords. Please wait a few minutes and try again.';

/** 30 s after the free tries, doubling, at most 15 minutes: a typo streak costs seconds, a guessing run hours. */
const growing = (firstSec: number, maxSec: number) => (beyondFree: number) => Math.min(firstSec * 2 ** beyondFree, maxSec);

const refuseIfWaiting = async (waits: Promise<number | null>[], message: string) => {
  const longest = Math.max(0, ...(await Promise.all(waits)).map((wait) => wait ?? 0));
  if (longest > 0) throw new TooManyRequestsError(message, longest);
};

/**
 * Sign-in, after the login-protection pattern of rate-limiter-flexible: only failures count, so 32 teachers signing in
 * correctly behind one school address all get in. Consecutive failures for one account from one address (10 free, then
 * growing waits), for one account from anywhere (50 free: a guessing run spread over many addresses), and failures
 * from one address across accounts (30 in 15 minutes). A success forgives the account's failures.
 */
export function signInLimits(limits: Limits) {
  const accountAtAddress = limits.failures('sign-in:account-address', { free: 10, windowSec: 24 * 3600, delaySec: growing(30, 15 * 60) });
  const account = limits.failures('sign-in:account', { free: 50, windowSec: 24 * 3600, delaySec: growing(30, 15 * 60) });
  const address = limits.failures('sign-in:address', { free: 30, windowSec: 15 * 60 });
  const keys = (accountKey: string, ip: string) => [`${accountKey}:${ip}`, accountKey, ip] as const;
  return {
    async check(accountKey: string, ip: string): Promise<void> {
      const [both, one, from] = keys(accountKey, ip);
      await refuseIfWaiting([accountAtAddress.retryAfter(both), account.retryAfter(one), address.retryAfter(from)], TOO_MANY_ATTEMPTS);
    },
    async failed(accountKey: string, ip: string): Promise<void> {
      const [both, one, from] = keys(accountKey, ip);
      await Promise.all([accountAtAddress.failed(both), account.failed(one), address.failed(from)]);
    },
    async succeeded(accountKey: string, ip: string): Promise<void> {
      const [both, one] = keys(accountKey, ip);
      await Promise.all([accountAtAddress.succeeded(both), account.succeeded(one)]);
    },
  };
}

/**
 * The password asked again of a signed-in account: to change it, to delete the account, to switch two-factor off.
 * One count per account across the three (a stolen session must not get unlimited guesses at the password).
 */
export function passwordConfirmationLimit(limits: Limits) {
  const tries = limits.failures('password-confirmation', { free: 5, windowSec: 24 * 3600, delaySec: growing(30, 15 * 60) });
  return {
    check: (userId: string) => refuseIfWaiting([tries.retryAfter(userId)], TOO_MANY_PASSWORD_TRIES),
    failed: (userId: string) => tries.failed(userId),
    succeeded: (userId: string) => tries.succeeded(userId),
  };
}
