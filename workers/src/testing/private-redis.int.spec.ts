import { afterAll, describe, expect, it } from 'vitest';
import { isRedisReachable } from '../jobs/redis-test-keys.ts';
import { hasRedisServer, startPrivateRedis, type PrivateRedis } from './private-redis.ts';

if (!hasRedisServer) console.warn('[skip] private Redis helper: no redis-server binary on PATH');

describe.skipIf(!hasRedisServer)('a private Redis for a test', () => {
  let redis: PrivateRedis | null = null;
  afterAll(async () => redis?.shutdown());

  // The Redis outage spec starts its server again in afterAll, whether or not the test already did:
  // that second start used to leave the first server running after the whole test run.
  it('is gone after shutdown even when it was started twice', async () => {
    redis = await startPrivateRedis();
    await redis.start();
    expect(await isRedisReachable(redis.url)).toBe(true);
    await redis.shutdown();
    expect(await isRedisReachable(redis.url)).toBe(false);
  });

  it('comes back on the same port after a shutdown', async () => {
    redis = await startPrivateRedis();
    await redis.shutdown();
    await redis.start();
    expect(await isRedisReachable(redis.url)).toBe(true);
  });
});
