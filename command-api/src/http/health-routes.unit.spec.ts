import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import type { ReadStore } from '@accommodate/projections/store/read-store';
import type { JobQueue } from '@accommodate/workers/jobs/job-queue';
import type { ProjectionProgress } from '../framework/command-context.ts';
import { healthRoutes } from './health-routes.ts';

/**
 * A log that grows by an event between any two probes (each pings it), and read models that have applied
 * everything up to `checkpoint`: the shape of a node under a steady stream of writes.
 */
function busyNode(onPing: () => void = () => {}) {
  const node = { head: 100n, checkpoint: 0n };
  const reached = (position: bigint) => node.checkpoint >= position;
  const progress: ProjectionProgress = {
    async waitForPosition(position, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (!reached(position) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      return reached(position);
    },
    caughtUp: async () => reached(node.head),
  };
  const eventStore = {
    ping: async () => {
      node.head += 1n;
      onPing();
    },
    headPosition: async () => node.head,
  } as unknown as EventStore;
  const readStore = { ping: async () => {} } as unknown as ReadStore;
  const jobs = { ping: async () => {} } as unknown as JobQueue;
  return { node, context: { eventStore, readStore, jobs, progress } };
}

const servers: { close(): void }[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

async function serve(router: express.Router): Promise<(path: string) => Promise<number>> {
  const app = express().use(router);
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return async (path) => (await fetch(`http://127.0.0.1:${port}${path}`)).status;
}

describe('/readyz', () => {
  it('becomes ready under a steady stream of writes, once the read models hold what the log held when first asked', async () => {
    const { node, context } = busyNode();
    const get = await serve(healthRoutes(context));
    expect(await get('/readyz')).toBe(503);
    const firstAsked = node.head;

    // Still behind what the log held then: not ready.
    node.checkpoint = firstAsked - 1n;
    expect(await get('/readyz')).toBe(503);

    // The log has moved on since, and the read models trail its head; they hold all that was there when first asked.
    node.checkpoint = firstAsked;
    expect(node.head).toBeGreaterThan(firstAsked);
    expect(await get('/readyz')).toBe(200);
    // And a node once ready stays so while they trail the head.
    expect(await get('/readyz')).toBe(200);
  });

  it('answers a first probe made mid-batch with 200 once that batch is applied, without a second probe', async () => {
    // The probe's own ping adds an event: the read models apply it a moment later, after the probe has read the head.
    // Timed from the ping, not from the test's start, so a slow request cannot see the batch applied before it began.
    const { node, context } = busyNode(() => setImmediate(() => (node.checkpoint = node.head)));
    const get = await serve(healthRoutes(context));
    node.checkpoint = node.head;
    expect(await get('/readyz')).toBe(200);
  });

  it('is not ready while the log cannot say where its head is, and asks again next time', async () => {
    const { node, context } = busyNode();
    let down = true;
    const headPosition = context.eventStore.headPosition.bind(context.eventStore);
    context.eventStore.headPosition = async () => {
      if (down) throw new Error('event store unreachable');
      return headPosition();
    };
    const get = await serve(healthRoutes(context));
    expect(await get('/readyz')).toBe(503);
    down = false;
    node.checkpoint = 1_000n;
    expect(await get('/readyz')).toBe(200);
  });
});
