import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { InMemoryEventStore } from '@accommodate/shared-events/event-store/testing/in-memory-event-store';
import { openEmbeddedReadStore } from '@accommodate/projections/store/embedded-read-store';
import { startProjections, type ProjectionRunner } from '@accommodate/projections/runner/projection-runner';
import { streamCountsProjection } from '@accommodate/projections/runner/testing/stream-counts-projection';
import { createInProcessJobQueue } from '@accommodate/workers/jobs/in-process-job-queue';
import { healthRoutes } from './health-routes.ts';

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A projection whose build waits at its first event until `release`: a rebuild that takes as long as the test wants. */
function heldRebuild() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const projection = streamCountsProjection();
  return {
    release,
    projection: {
      ...projection,
      async apply(...args: Parameters<typeof projection.apply>) {
        await held;
        await projection.apply(...args);
      },
    },
  };
}

describe('/readyz and a rebuild of the read models', () => {
  it('is 503 while the read models are being built (a first start after a restore or an upgrade), then 200', async () => {
    const eventStore = new InMemoryEventStore();
    for (let i = 0; i < 5; i++) eventStore.appendRaw(`s-${i}`, [{ type: 'Counted', data: { ownerId: 'u1' } }]);
    const readStore = openEmbeddedReadStore({ file: ':memory:' });
    const jobs = createInProcessJobQueue();
    closers.push(() => readStore.close(), () => jobs.close());
    const rebuild = heldRebuild();
    const runner: ProjectionRunner = await startProjections({ eventStore, readStore, projections: [rebuild.projection] });
    closers.push(() => runner.stop());

    const server = express().use(healthRoutes({ eventStore, readStore, jobs, progress: runner })).listen(0, '127.0.0.1');
    closers.push(() => void server.close());
    await new Promise((resolve) => server.once('listening', resolve));
    const readyz = async () => {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/readyz`);
      return { status: response.status, body: (await response.json()) as { projections: boolean } };
    };

    expect(runner.rebuilding()).toBe(true);
    expect(await readyz()).toMatchObject({ status: 503, body: { projections: false } });

    rebuild.release();
    await expect.poll(async () => (await readyz()).status, { timeout: 10_000 }).toBe(200);
    expect(runner.rebuilding()).toBe(false);
  });
});
