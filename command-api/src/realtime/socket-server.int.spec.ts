import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'socket.io';
import { io as connectClient } from 'socket.io-client';
import type { Socket as ClientSocket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChangeMessage } from '@accommodate/shared-events/schemas/change-message';
import { CHANGE_EVENT, studentRoom } from '@accommodate/projections/realtime/change-publisher';
import { createRedisEmitterPublisher } from '@accommodate/projections/realtime/redis-emitter-publisher';
import { createSocketServerPublisher } from '@accommodate/projections/realtime/socket-server-publisher';
import { isRedisReachable } from '@accommodate/workers/jobs/redis-test-keys';
import { attachSocketServer, PRESENCE_EVENT } from './socket-server.ts';
import type { SocketServerOptions, WatchAck } from './socket-server.ts';
import type { Presence } from '@accommodate/shared-events/schemas/share';

const sessions: Record<string, string> = { 'sid=alice-session': 'alice', 'sid=bob-session': 'bob' };
const authenticate = async (cookie: string | undefined) => {
  const userId = cookie ? sessions[cookie] : undefined;
  return userId && cookie ? { userId, sessionId: `${cookie}-id` } : null;
};

const servers: Server[] = [];
const clients: ClientSocket[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await Promise.all(servers.splice(0).map((io) => new Promise<void>((resolve) => void io.close(() => resolve()))));
});

async function startServer(options: Partial<SocketServerOptions> = {}): Promise<{ io: Server; url: string }> {
  const http = createServer();
  const io = await attachSocketServer(http, { authenticate, ...options });
  servers.push(io);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return { io, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
}

function connect(url: string, cookie?: string, transports: ('websocket' | 'polling')[] = ['websocket']): ClientSocket {
  const client = connectClient(url, {
    transports,
    reconnection: false,
    forceNew: true,
    ...(cookie ? { extraHeaders: { cookie } } : {}),
  });
  clients.push(client);
  return client;
}

function connected(client: ClientSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('connect_error', reject);
  });
}

function collectChanges(client: ClientSocket): ChangeMessage[] {
  const received: ChangeMessage[] = [];
  client.on(CHANGE_EVENT, (message: ChangeMessage) => void received.push(message));
  return received;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await sleep(20);
  }
}

const poke = (id: string): ChangeMessage => ({ entity: 'student', id, studentId: id, revision: 3, actorId: 'alice' });

describe('Socket.IO server on one node', () => {
  it('refuses a socket without a valid session, saying only "Unauthorized"', async () => {
    const { url } = await startServer();
    for (const cookie of [undefined, 'sid=forged']) {
      const client = connect(url, cookie);
      const error = await new Promise<Error>((resolve) => client.once('connect_error', resolve));
      expect(error.message).toBe('Unauthorized');
      expect(client.connected).toBe(false);
    }
  });

  it('refuses the socket when the session check itself fails', async () => {
    const { url } = await startServer({ authenticate: async () => Promise.reject(new Error('store down')) });
    const client = connect(url, 'sid=alice-session');
    const error = await new Promise<Error>((resolve) => client.once('connect_error', resolve));
    expect(error.message).toBe('Unauthorized');
  });

  it("delivers a change to the user's own sockets and not to anyone else's", async () => {
    const { io, url } = await startServer();
    const alice = connect(url, 'sid=alice-session');
    const bob = connect(url, 'sid=bob-session', ['polling', 'websocket']);
    await Promise.all([connected(alice), connected(bob)]);
    const aliceChanges = collectChanges(alice);
    const bobChanges = collectChanges(bob);

    const publisher = createSocketServerPublisher(io);
    publisher.publish(poke('s-1'), ['alice']);
    await waitFor(() => aliceChanges.length === 1);
    await sleep(200);
    expect(aliceChanges).toEqual([poke('s-1')]);
    expect(bobChanges).toEqual([]);

    publisher.publish(poke('s-2'), ['alice', 'bob']);
    await waitFor(() => bobChanges.length === 1 && aliceChanges.length === 2);
    expect(bobChanges).toEqual([poke('s-2')]);
  });

  it('lets a user watch a student only when allowed, and stop watching', async () => {
    const allowed = new Set(['alice/s-1']);
    const { io, url } = await startServer({ canViewStudent: async (userId, studentId) => allowed.has(`${userId}/${studentId}`) });
    const alice = connect(url, 'sid=alice-session');
    const bob = connect(url, 'sid=bob-session');
    await Promise.all([connected(alice), connected(bob)]);
    const presence = { alice: 0, bob: 0 };
    // A test-only event name: the server's own `presence` broadcasts would be counted too.
    alice.on('room-check', () => void (presence.alice += 1));
    bob.on('room-check', () => void (presence.bob += 1));

    const watch = (client: ClientSocket, payload: unknown) =>
      client.timeout(2_000).emitWithAck('student:watch', payload) as Promise<WatchAck>;
    expect(await watch(alice, { studentId: 's-1' })).toEqual({ ok: true });
    expect(await watch(bob, { studentId: 's-1' })).toEqual({ ok: false, message: 'Not found' });
    expect(await watch(bob, { nope: true })).toEqual({ ok: false, message: 'Invalid request' });

    io.to(studentRoom('s-1')).emit('room-check', {});
    await waitFor(() => presence.alice === 1);
    await sleep(200);
    expect(presence.bob).toBe(0);

    expect(await alice.timeout(2_000).emitWithAck('student:unwatch', { studentId: 's-1' })).toEqual({ ok: true });
    io.to(studentRoom('s-1')).emit('room-check', {});
    await sleep(200);
    expect(presence.alice).toBe(1);
  });

  it('refuses every student:watch when no access check is configured', async () => {
    const { url } = await startServer();
    const alice = connect(url, 'sid=alice-session');
    await connected(alice);
    expect(await alice.timeout(2_000).emitWithAck('student:watch', { studentId: 's-1' })).toEqual({ ok: false, message: 'Not found' });
  });
});

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisReachable = await isRedisReachable(redisUrl);
if (!redisReachable) console.warn(`[skip] Socket.IO Redis adapter test: no Redis answering at ${new URL(redisUrl).host}`);

describe.skipIf(!redisReachable)('Socket.IO servers sharing Redis', () => {
  it('delivers a change published by another process to sockets on either node', async () => {
    // Pub/sub channels only, no keys: a unique channel prefix keeps parallel runs apart.
    const redisKey = `test-${process.pid}-${Date.now()}-socket.io`;
    const nodeA = await startServer({ redisUrl, redisKey, transports: ['websocket'] });
    const nodeB = await startServer({ redisUrl, redisKey, transports: ['websocket'] });
    const aliceOnA = connect(nodeA.url, 'sid=alice-session');
    const aliceOnB = connect(nodeB.url, 'sid=alice-session');
    const bobOnB = connect(nodeB.url, 'sid=bob-session');
    await Promise.all([connected(aliceOnA), connected(aliceOnB), connected(bobOnB)]);
    const changes = { aliceOnA: collectChanges(aliceOnA), aliceOnB: collectChanges(aliceOnB), bobOnB: collectChanges(bobOnB) };

    const publisher = createRedisEmitterPublisher({ redisUrl, key: redisKey });
    try {
      // Pokes are at most once and dropped until Redis and the subscriptions are up; resend until seen.
      for (let tries = 0; changes.aliceOnA.length === 0 || changes.aliceOnB.length === 0; tries += 1) {
        if (tries > 50) throw new Error('the change never arrived');
        publisher.publish(poke('s-1'), ['alice']);
        await sleep(100);
      }
      await sleep(200);
      expect(changes.aliceOnA[0]).toEqual(poke('s-1'));
      expect(changes.aliceOnB[0]).toEqual(poke('s-1'));
      expect(changes.bobOnB).toEqual([]);

      // The in-process publisher on node A reaches a socket on node B through the adapter.
      createSocketServerPublisher(nodeA.io).publish(poke('s-2'), ['bob']);
      await waitFor(() => changes.bobOnB.length === 1);
      expect(changes.bobOnB).toEqual([poke('s-2')]);
    } finally {
      await publisher.close();
    }
  });

  it('shows presence across nodes: who watches on either node, and a leaver on one node after the grace period', async () => {
    const redisKey = `test-${process.pid}-${Date.now()}-presence`;
    const names: Record<string, string> = { alice: 'Alice Owner', bob: 'Bob Coteacher' };
    const options: Partial<SocketServerOptions> = {
      redisUrl,
      redisKey,
      transports: ['websocket'],
      canViewStudent: async (_userId, studentId) => studentId === 's-1',
      userName: async (userId) => names[userId] ?? 'Someone',
      presenceGraceMs: 300,
    };
    const nodeA = await startServer(options);
    const nodeB = await startServer(options);
    const aliceOnA = connect(nodeA.url, 'sid=alice-session');
    const bobOnB = connect(nodeB.url, 'sid=bob-session');
    await Promise.all([connected(aliceOnA), connected(bobOnB)]);
    const seen = { alice: [] as Presence[], bob: [] as Presence[] };
    aliceOnA.on(PRESENCE_EVENT, (presence: Presence) => void seen.alice.push(presence));
    bobOnB.on(PRESENCE_EVENT, (presence: Presence) => void seen.bob.push(presence));
    const who = (presence: Presence | undefined) => presence?.users.map((user) => `${user.name}:${user.mode}`).join(', ');
    const watch = (client: ClientSocket, mode: 'viewing' | 'editing') =>
      client.timeout(2_000).emitWithAck('student:watch', { studentId: 's-1', mode }) as Promise<WatchAck>;

    expect(await watch(aliceOnA, 'editing')).toEqual({ ok: true });
    // The adapter's subscriptions may still be settling: watch again until node B's broadcast reaches node A.
    for (let tries = 0; who(seen.alice.at(-1)) !== 'Alice Owner:editing, Bob Coteacher:viewing'; tries += 1) {
      if (tries > 50) throw new Error(`presence never joined up: ${who(seen.alice.at(-1))}`);
      expect(await watch(bobOnB, 'viewing')).toEqual({ ok: true });
      await sleep(100);
    }
    await waitFor(() => who(seen.bob.at(-1)) === 'Alice Owner:editing, Bob Coteacher:viewing');

    bobOnB.close();
    await waitFor(() => who(seen.alice.at(-1)) === 'Alice Owner:editing', 3_000);
  });
});
