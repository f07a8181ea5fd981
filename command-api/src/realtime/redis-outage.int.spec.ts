import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeMessage } from '@accommodate/shared-events/schemas/change-message';
import { hasRedisServer, startPrivateRedis, type PrivateRedis } from '@accommodate/workers/testing/private-redis';
import type { RunningServer } from '../server.ts';
import { startDistributedTopology } from '../testing/distributed-topology.ts';
import { jane, openSocket, teacher, waitFor, type Teacher } from '../testing/sharing-fixtures.ts';

if (!hasRedisServer) console.warn('[skip] Redis outage test: no redis-server binary on PATH to run a private Redis');

const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/**
 * The distributed topology in one test process: an API node (no projections), the projections
 * service and the workers service, each with its own connections, sharing one DATA_DIR and a
 * Redis of the test's own, which is shut down and started again.
 */
describe.skipIf(!hasRedisServer)('a Redis outage in the distributed mode', () => {
  let redis: PrivateRedis;
  let dataDir: string;
  let topology: Awaited<ReturnType<typeof startDistributedTopology>>;
  let api: RunningServer;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accommodate-redis-outage-'));
    redis = await startPrivateRedis({ dir: dataDir });
    topology = await startDistributedTopology({ dataDir, redisUrl: redis.url, prefix: `outage-${process.pid}-${Date.now()}` });
    api = topology.api;
  }, 60_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await redis?.start().catch(() => undefined);
    await topology?.close();
    await redis?.shutdown();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const notifications = async (client: Teacher) => (await client.get('/api/notifications')).body as { type: string; planId: string | null }[];

  it('acknowledges writes while Redis is down; their notifications and pokes arrive once, after it is back', async () => {
    const owner = await teacher(api, 'Alice Owner');
    const coTeacher = await teacher(api, 'Bob Coteacher');
    const socket = await openSocket(coTeacher);
    sockets.push(socket);
    const pokes: ChangeMessage[] = [];
    socket.on('change', (message: ChangeMessage) => void pokes.push(message));
    const studentId = (await owner.post('/api/students', jane)).body.id as string;
    expect((await owner.post(`/api/students/${studentId}/shares`, { email: coTeacher.user.email, role: 'co-teacher' })).status).toBe(201);
    const otherId = (await owner.post('/api/students', { ...jane, firstName: 'Ada' })).body.id as string;
    await waitFor(() => pokes.some((poke) => poke.entity === 'notification'), 30_000); // 'Student shared with you'

    await redis.shutdown();
    expect((await api.context.jobs.ping().then(() => 'up', () => 'down'))).toBe('down');
    // A plan due tomorrow (its 1-day reminder is a job) and a share with an expiry date (an expiry job).
    const plan = await owner.post(`/api/students/${studentId}/plans`, { startDate: utcDay(0), reviewDate: utcDay(1), status: 'active' });
    expect(plan.status).toBe(201);
    const share = await owner.post(`/api/students/${otherId}/shares`, { email: coTeacher.user.email, role: 'substitute', expiresAt: utcDay(30) });
    expect(share.status).toBe(201);
    expect((await coTeacher.get('/api/students')).status).toBe(200);
    expect((await api.context.jobs.ping().then(() => 'up', () => 'down'))).toBe('down');

    const pokesBefore = pokes.length;
    await redis.start();
    await waitFor(() => pokes.slice(pokesBefore).some((poke) => poke.entity === 'notification'), 30_000);
    let mine: Awaited<ReturnType<typeof notifications>> = [];
    const arrived = async () => {
      mine = await notifications(coTeacher);
      return mine.filter((note) => note.type === 'review').length >= 1 && mine.filter((note) => note.type === 'system').length >= 2;
    };
    const deadline = Date.now() + 30_000;
    while (!(await arrived()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mine.filter((note) => note.type === 'review').map((note) => note.planId)).toEqual([plan.body.id]);
    expect(mine.filter((note) => note.type === 'system')).toHaveLength(2);
    // The reminder also went to the owner, once.
    expect((await notifications(owner)).filter((note) => note.type === 'review')).toHaveLength(1);
  }, 120_000);
});
