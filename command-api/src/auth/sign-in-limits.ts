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
 * growing waits) and for one account from anywhere (50 free: a guessing run spread over many addresses) lock that
 * account. Failures from one address across accounts (30 in 15 minutes) lock no account: past them, every further
 * failure from the address (a wrong password, an unknown account, a wrong code) is answered 429 instead of 401, while
 * a correct password for an account not itself locked still signs in, since a whole school may share the address and
 * one pupil's guessing must not shut its teachers out. A success forgives the account's failures.
 */
export function signInLimits(limits: Limits) {
  const accountAtAddress = limits.failures('sign-in:account-address', { free: 10, windowSec: 24 * 3600, delaySec: growing(30, 15 * 60) });
  const account = limits.failures('sign-in:account', { free: 50, windowSec: 24 * 3600, delaySec: growing(30, 15 * 60) });
  const address = limits.failures('sign-in:address', { free: 30, windowSec: 15 * 60 });
  const keys = (accountKey: string, ip: string) => [`${accountKey}:${ip}`, accountKey, ip] as const;
  return {
    /** Before the password is checked: 429 while the account is locked, for this address or everywhere. */
    async check(accountKey: string, ip: string): Promise<void> {
      const [both, one] = keys(accountKey, ip);
      await refuseIfWaiting([accountAtAddress.retryAfter(both), account.retryAfter(one)], TOO_MANY_ATTEMPTS);
    },
    /** A failed attempt, counted for the account and the address; 429 when the address was already past its failures. */
    async failed(accountKey: string, ip: string): Promise<void> {
      const [both, one, from] = keys(accountKey, ip);
      const addressWait = await address.retryAfter(from);
      await Promise.all([accountAtAddress.failed(both), account.failed(one), address.failed(from)]);
      if (addressWait !== null) throw new TooManyRequestsError(TOO_MANY_ATTEMPTS, addressWait);
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
