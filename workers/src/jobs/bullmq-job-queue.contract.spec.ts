import { afterAll, describe } from 'vitest';
import { Redis } from 'ioredis';
import { createBullmqJobQueue } from './bullmq-job-queue.ts';
import { describeJobQueueContract } from './job-queue.contract.ts';
import { deleteKeysUnder, isRedisReachable } from './redis-test-keys.ts';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// Every key this run writes lives under this prefix, and only those keys are deleted.
const prefix = `test-${process.pid}-${Date.now()}`;
const reachable = await isRedisReachable(redisUrl);
if (!reachable) console.warn(`[skip] BullMQ job queue contract: no Redis answering at ${new URL(redisUrl).host}`);

describe.skipIf(!reachable)('BullMQ job queue on a real Redis', () => {
  afterAll(async () => {
    const redis = new Redis(redisUrl);
    await deleteKeysUnder(redis, `${prefix}:`);
    await redis.quit();
  });

  describeJobQueueContract('BullMQ', (queueName) => createBullmqJobQueue({ redisUrl, queueName, prefix, backoffMs: 50 }));
});
