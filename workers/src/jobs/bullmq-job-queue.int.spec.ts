import { afterAll, describe, expect, it } from 'vitest';
import { hasRedisServer, startPrivateRedis, type PrivateRedis } from '../testing/private-redis.ts';
import { createBullmqJobQueue } from './bullmq-job-queue.ts';
import { sleep, waitFor } from './job-queue.contract.ts';
import type { JobQueue } from './job-queue.ts';

if (!hasRedisServer) console.warn('[skip] BullMQ restart test: no redis-server binary on PATH to run a private Redis');

describe.skipIf(!hasRedisServer)('BullMQ job queue across a Redis restart', () => {
  let redis: PrivateRedis | undefined;
  let queue: JobQueue | undefined;

  afterAll(async () => {
    await queue?.close();
    await redis?.kill();
  });

  it('fails fast while Redis is down, and the worker resumes after Redis comes back', async () => {
    redis = await startPrivateRedis();
    queue = createBullmqJobQueue({ redisUrl: redis.url, queueName: 'restart', connectTimeoutMs: 500 });
    const seen: unknown[] = [];
    await queue.start({ ping: async (data) => void seen.push(data) });

    await queue.enqueue('ping', 'before');
    await waitFor(() => seen.length === 1);

    await redis.kill();
    const startedAt = Date.now();
    await expect(queue.enqueue('ping', 'during')).rejects.toThrow();
    expect(Date.now() - startedAt).toBeLessThan(2_000);

    await redis.start();
    await waitUntilReachable(queue, 15_000);
    await queue.enqueue('ping', 'after');
    await waitFor(() => seen.length === 2, 20_000);
    expect(seen).toEqual(['before', 'after']);
  }, 60_000);
});

async function waitUntilReachable(q: JobQueue, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await q.ping();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(100);
    }
  }
}
