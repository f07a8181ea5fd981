import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { pgTestDatabase } from '@accommodate/shared-events/testing/pg-test-database';
import { deleteKeysUnder } from '@accommodate/workers/jobs/redis-test-keys';
import type { RunningServer } from '../server.ts';
import { startDistributedTopology } from './distributed-topology.ts';

/**
 * The scale-out topology for a spec file's server: an API node (ROLE=api), the projections service and the workers
 * service, with DATABASE_URL (a database or schema of the file's own, pg-test-database.ts) and REDIS_URL (a key
 * prefix of its own). `npm run test:postgres` runs the core flows' HTTP specs on it. No PostgreSQL is a failure here,
 * not a skip: this run exists to exercise it.
 */
export async function startPostgresTestServer(env: Record<string, string>, now?: () => Date): Promise<RunningServer & { dataDir: string }> {
  const database = await pgTestDatabase('http');
  if (!database) throw new Error('TEST_TOPOLOGY=postgres needs PostgreSQL (TEST_DATABASE_URL, or a server at 127.0.0.1:5432)');
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `accommodate-test-pg-${randomUUID()}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accommodate-test-pg-'));
  const topology = await startDistributedTopology({ dataDir, redisUrl, prefix, env: { DATABASE_URL: database.url, ...env }, ...(now ? { now } : {}) });
  // The projections service builds its read models as it starts: the first write would otherwise wait for all of them.
  const deadline = Date.now() + 60_000;
  while (!(await topology.api.context.progress.caughtUp())) {
    if (Date.now() > deadline) throw new Error('The read models did not catch up with the log in a minute');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    ...topology.api,
    dataDir,
    async close() {
      await topology.close();
      const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
      await deleteKeysUnder(redis, prefix);
      redis.disconnect();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
