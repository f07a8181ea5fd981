import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneRoster11 } from '@accommodate/shared-events/domain/testing/roster-fixtures';
import type { RosterImport } from '@accommodate/shared-events/schemas/roster';
import { deleteKeysUnder, isRedisReachable } from '@accommodate/workers/jobs/redis-test-keys';
import { rosterZip } from '@accommodate/workers/roster/roster-zip-fixtures';
import type { RunningServer } from '../../server.ts';
import { startDistributedTopology } from '../../testing/distributed-topology.ts';
import { signedInTeacher } from '../../testing/test-server.ts';

// Issue 25 in the distributed topology: the workers service runs the import, and reads the zip the API node stored.
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const reachable = await isRedisReachable(redisUrl);
if (!reachable) console.warn(`[skip] roster import in the distributed mode: no Redis answering at ${new URL(redisUrl).host}`);
const prefix = `accommodate-test-roster-${randomUUID()}`;

describe.skipIf(!reachable)('a OneRoster import in the distributed mode', () => {
  let dataDir: string;
  let topology: Awaited<ReturnType<typeof startDistributedTopology>>;
  let api: RunningServer;
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accommodate-roster-distributed-'));
    topology = await startDistributedTopology({ dataDir, redisUrl, prefix });
    api = topology.api;
  }, 60_000);

  afterAll(async () => {
    await topology?.close();
    await deleteKeysUnder(redis, prefix);
    redis.disconnect();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('is run by the workers service on the zip the API node stored, and done', async () => {
    const dana = await signedInTeacher(api.url, 'Dana District');
    const districtId = (await dana.post('/api/districts', { name: 'Lakeside USD' })).body.id as string;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(rosterZip(oneRoster11({}, 'bulk')))]), 'oneroster.zip');
    const started = await dana.request('POST', `/api/districts/${districtId}/roster-imports`, { rawBody: form });
    expect(started.status).toBe(202);
    const id = started.body.id as string;
    await expect.poll(async () => (await dana.get(`/api/roster-imports/${id}`)).body.status, { timeout: 30_000, interval: 100 }).toMatch(/done|failed/);
    const result = (await dana.get(`/api/roster-imports/${id}`)).body as RosterImport;
    expect(result).toMatchObject({ status: 'done', errors: [], summary: { schools: { created: 2 }, students: { created: 2 }, classes: { created: 2 } } });
  }, 60_000);
});
