/**
 * ioredis `retryStrategy` for every long-lived Redis connection (jobs, socket adapter, change
 * publisher): the delay before the next reconnect attempt. ioredis's default climbs to 2 s, which
 * alone would spend most of the 5 s in which live updates and jobs must resume after an outage;
 * an attempt every half second while Redis is away costs nothing worth counting.
 */
export const reconnectWithin500ms = (attempt: number): number => Math.min(attempt * 100, 500);
