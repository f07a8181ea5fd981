import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { deleteKeysUnder, isRedisReachable } from '@accommodate/workers/jobs/redis-test-keys';
import { signedInTeacher, startTestServer } from '../testing/test-server.ts';
import { jane } from '../testing/sharing-fixtures.ts';
import { eventually } from '../testing/eventually.ts';
import { RETENTION_ERASURE_JOB } from './retention-job.ts';
import { SSO_DOMAIN_RECHECK_JOB } from './sso-domain-recheck.ts';

// Retention: with REDIS_URL the daily erasure is a BullMQ job scheduler on its own queue, run once at once.
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const reachable = await isRedisReachable(redisUrl);
if (!reachable) console.warn(`[skip] retention job on BullMQ: no Redis answering at ${new URL(redisUrl).host}`);
const prefix = `accommodate-test-retention-${randomUUID()}`;

describe.skipIf(!reachable)('the daily retention job on BullMQ', () => {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  afterAll(async () => {
    await deleteKeysUnder(redis, prefix);
    redis.disconnect();
  });

  it('is a daily scheduler of the retention queue (beside the single sign-on domains’ re-check), whose first run is done at once', async () => {
    const server = await startTestServer({ REDIS_URL: redisUrl, REDIS_PREFIX: prefix });
    const queue = new Queue('retention', { connection: { url: redisUrl }, prefix });
    try {
      for (const name of [RETENTION_ERASURE_JOB, SSO_DOMAIN_RECHECK_JOB]) expect(await queue.getJobScheduler(name)).toMatchObject({ name, every: 24 * 60 * 60 * 1000 });
      // Each first run is taken and done (completed jobs are not kept): only the next day's runs wait, delayed.
      const counts = await eventually(() => queue.getJobCounts('waiting', 'active', 'delayed', 'failed'), (c) => (c.waiting ?? 0) + (c.active ?? 0) === 0 && c.delayed === 2, 10_000);
      expect(counts).toEqual({ waiting: 0, active: 0, delayed: 2, failed: 0 });
    } finally {
      await queue.close();
      await server.close();
    }
  });

  it('runs a district’s erasure on the same queue: asked over HTTP, done by an API node, its status read back', async () => {
    const server = await startTestServer({ REDIS_URL: redisUrl, REDIS_PREFIX: prefix });
    try {
      const dana = await signedInTeacher(server.url, 'Dana District');
      const districtId = (await dana.post('/api/districts', { name: 'Queue USD' })).body.id as string;
      const schoolId = (await dana.post(`/api/districts/${districtId}/schools`, { name: 'Queue High' })).body.id as string;
      expect((await dana.post('/api/students', { ...jane, schoolId })).status).toBe(201);
      expect((await dana.post(`/api/districts/${districtId}/erase`, { confirmName: 'Queue USD' })).status).toBe(202);
      const end = await eventually(async () => (await dana.get(`/api/district-erasures/${districtId}`)).body as { status: string }, (found) => found.status === 'done', 15_000);
      expect(end).toMatchObject({ status: 'done', progress: { done: 1, total: 1 }, studentsErased: 1 });
    } finally {
      await server.close();
    }
  });
});
