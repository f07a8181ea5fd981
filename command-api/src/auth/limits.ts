import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * Request limits through `rate-limiter-flexible` (maintained; the login-protection pattern of its wiki): counters in
 * Redis when REDIS_URL is set, so they hold across API nodes, in memory otherwise. While Redis is away each node
 * counts in memory (the insurance limiter) rather than letting everything through or refusing everyone.
 */
export interface Limits {
  /** At most `points` requests per key in `durationSec`; `take` answers the seconds to wait, or null when allowed. */
  rate(name: string, options: { points: number; durationSec: number }): RateLimit;
  /** Failed attempts per key, forgiven by a success; see FailureLimit. */
  failures(name: string, policy: FailurePolicy): FailureLimit;
  close(): Promise<void>;
}

export interface RateLimit {
  take(key: string): Promise<number | null>;
}

export interface FailurePolicy {
  /** Failures allowed before any wait. */
  free: number;
  /** How long a failure is remembered without a success. */
  windowSec: number;
  /**
   * The wait after the n-th failure beyond the free ones (n = 0, 1, …): growing delays rather than one long lock, so
   * that someone guessing slows to a crawl while the rightful owner, who typed it wrong ten times, waits seconds.
   * Without it: no attempt until the window ends.
   */
  delaySec?: (beyondFree: number) => number;
}

export interface FailureLimit {
  /** Seconds until the key may try again, or null when it may now. */
  retryAfter(key: string): Promise<number | null>;
  failed(key: string): Promise<void>;
  succeeded(key: string): Promise<void>;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export async function openLimits(options: { redisUrl?: string | undefined; prefix: string }): Promise<Limits> {
  // Commands fail at once while Redis is away (no offline queue): the insurance limiter answers meanwhile. ioredis
  // loads only when chosen, as BullMQ does (open-job-queue.ts): the one-process mode does not carry it.
  const redis = options.redisUrl ? new (await import('ioredis')).Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }) : null;
  redis?.on('error', () => undefined);
  // One limiter per name, so that routes of different features that share a limit (a password asked again) share counts.
  const made = new Map<string, RateLimiterAbstract>();
  const limiter = (name: string, points: number, duration: number): RateLimiterAbstract => {
    const keyPrefix = `${options.prefix}limit:${name}`;
    let existing = made.get(keyPrefix);
    if (!existing) {
      const memory = new RateLimiterMemory({ keyPrefix, points, duration });
      existing = redis ? new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration, insuranceLimiter: memory }) : memory;
      made.set(keyPrefix, existing);
    }
    return existing;
  };

  return {
    rate(name, { points, durationSec }) {
      const counter = limiter(name, points, durationSec);
      return {
        async take(key) {
          try {
            await counter.consume(key);
            return null;
          } catch (refusal) {
            if (refusal instanceof RateLimiterRes) return seconds(refusal.msBeforeNext);
            throw refusal;
          }
        },
      };
    },
    failures(name, policy) {
      // The count of failures, and (with delays) the wait after the latest: kept apart, since a block resets a count.
      const counter = limiter(`${name}:count`, Number.MAX_SAFE_INTEGER, policy.windowSec);
      const waits = limiter(`${name}:wait`, 1, policy.windowSec);
      return {
        async retryAfter(key) {
          if (policy.delaySec) {
            const wait = await waits.get(key);
            return wait && wait.consumedPoints > 1 ? seconds(wait.msBeforeNext) : null;
          }
          const count = await counter.get(key);
          return count && count.consumedPoints >= policy.free ? seconds(count.msBeforeNext) : null;
        },
        async failed(key) {
          const { consumedPoints } = await counter.penalty(key, 1);
          if (policy.delaySec && consumedPoints >= policy.free) await waits.block(key, policy.delaySec(consumedPoints - policy.free));
        },
        async succeeded(key) {
          await Promise.all([counter.delete(key), waits.delete(key)]);
        },
      };
    },
    async close() {
      redis?.disconnect();
    },
  };
}
