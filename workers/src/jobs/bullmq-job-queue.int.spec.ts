import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '@accommodate/projections/testing/free-port';
import { createBullmqJobQueue } from './bullmq-job-queue.ts';
import { sleep, waitFor } from './job-queue.contract.ts';
import type { JobQueue } from './job-queue.ts';

// A private redis-server, so restarting it disturbs nobody else's tests.
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
if (!hasRedisServer) console.warn('[skip] BullMQ restart test: no redis-server binary on PATH to run a private Redis');

describe.skipIf(!hasRedisServer)('BullMQ job queue across a Redis restart', () => {
  let redis: ChildProcess | undefined;
  let queue: JobQueue | undefined;

  afterAll(async () => {
    await queue?.close();
    redis?.kill('SIGKILL');
  });

  it('fails fast while Redis is down, and the worker resumes after Redis comes back', async () => {
    const port = await freePort();
    redis = await startRedis(port);
    const redisUrl = `redis://127.0.0.1:${port}`;
    queue = createBullmqJobQueue({ redisUrl, queueName: 'restart', connectTimeoutMs: 500 });
    const seen: unknown[] = [];
    await queue.start({ ping: async (data) => void seen.push(data) });

    await queue.enqueue('ping', 'before');
    await waitFor(() => seen.length === 1);

    redis.kill('SIGKILL');
    await sleep(300);
    const startedAt = Date.now();
    await expect(queue.enqueue('ping', 'during')).rejects.toThrow();
    expect(Date.now() - startedAt).toBeLessThan(2_000);

    redis = await startRedis(port);
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

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'], {
    stdio: 'ignore',
  });
  await sleep(300);
  return child;
}
