import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEmbeddedReadStore } from '../store/embedded-read-store.ts';
import type { ReadStore } from '../store/read-store.ts';
import { startProjections } from './projection-runner.ts';
import { rebuildProjections } from './rebuild.ts';
import { REPLAY_PAGE_SIZE } from './replay.ts';
import { InMemoryEventStore } from '@accommodate/shared-events/event-store/testing/in-memory-event-store';
import { STREAM_COUNTS, streamCountsProjection, type StreamCount } from './testing/stream-counts-projection.ts';

const everything = async (store: ReadStore) =>
  store.collection<StreamCount>(STREAM_COUNTS).find(undefined, { sort: { field: 'id', direction: 'asc' } });

describe('rebuildProjections', () => {
  let events: InMemoryEventStore;
  let store: ReadStore;

  beforeEach(() => {
    events = new InMemoryEventStore();
    store = openEmbeddedReadStore({ file: ':memory:' });
  });
  afterEach(() => store.close());

  it('gives exactly what the live projection built, in a new build that replaces the old', async () => {
    const runner = await startProjections({ eventStore: events, readStore: store, projections: [streamCountsProjection()], batchSize: 7 });
    for (let i = 0; i < 300; i++) {
      const stream = `s-${i % 23}`;
      events.appendRaw(stream, [{ type: i % 5 === 0 ? 'Tagged' : 'Counted', data: { ownerId: `u${i % 4}`, tag: `t${i % 3}` } }]);
      if (i % 50 === 49) events.appendRaw(stream, [{ type: 'StreamDeleted', data: {} }]);
      if (i % 40 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await runner.waitForPosition((await events.headPosition())!, 5_000)).toBe(true);
    await runner.stop();
    const live = await everything(store);
    const liveBuild = await store.activeBuild('streamCounts');
    expect(live.length).toBeGreaterThan(10);

    const result = await rebuildProjections({ eventStore: events, readStore: store, projections: [streamCountsProjection()], batchSize: 64 });

    expect(result.events).toBe(306);
    expect(await everything(store)).toEqual(live);
    const rebuilt = await store.activeBuild('streamCounts');
    expect(rebuilt?.build).not.toBe(liveBuild?.build);
    expect(rebuilt?.checkpoint).toBe(await events.headPosition());
    expect(await store.checkpoint(liveBuild!)).toBeNull();
    expect(await store.collection<StreamCount>(STREAM_COUNTS).count({ tags: 't1' })).toBe(
      live.filter((d) => d.tags.includes('t1')).length,
    );
  });

  it('serves the rest of the process between pages: a request waiting while the log is replayed is not held to its end', async () => {
    const total = 5 * REPLAY_PAGE_SIZE;
    for (let i = 0; i < total; i++) events.appendRaw(`s-${i % 10}`, [{ type: 'Counted', data: { ownerId: 'u1', tag: 't' } }]);
    let appliedWhenServed: number | null = null;
    let applied = 0;
    const counting = streamCountsProjection();
    const projection = {
      ...counting,
      apply: async (...args: Parameters<typeof counting.apply>) => {
        applied += 1;
        await counting.apply(...args);
      },
    };
    setImmediate(() => (appliedWhenServed = applied));
    await rebuildProjections({ eventStore: events, readStore: store, projections: [projection] });
    // At a page's end at the latest (sooner once a batch has held the loop 5 ms), not at the replay's end.
    expect(appliedWhenServed).toBeGreaterThan(0);
    expect(appliedWhenServed).toBeLessThanOrEqual(REPLAY_PAGE_SIZE);
  });

  it('applies the log page by page and commits about once per batch, each commit with its last event as checkpoint', async () => {
    const total = 2 * REPLAY_PAGE_SIZE + REPLAY_PAGE_SIZE / 2;
    for (let i = 0; i < total; i++) events.appendRaw(`s-${i % 10}`, [{ type: 'Counted', data: { ownerId: 'u1', tag: 't' } }]);
    const commits: bigint[] = [];
    const spied: ReadStore = {
      ...store,
      commit: async (build, writes, checkpoint) => {
        commits.push(checkpoint);
        await store.commit(build, writes, checkpoint);
      },
    };

    // A batch a little larger than a page commits at the end of the page that reaches it.
    const result = await rebuildProjections({ eventStore: events, readStore: spied, projections: [streamCountsProjection()], batchSize: REPLAY_PAGE_SIZE + 1 });

    expect(result.events).toBe(total);
    const positions = [];
    for await (const event of events.readAll()) positions.push(event.position);
    expect(commits).toEqual([positions[2 * REPLAY_PAGE_SIZE - 1], positions.at(-1)]);
    expect((await store.activeBuild('streamCounts'))?.checkpoint).toBe(positions.at(-1));
    expect((await store.collection<StreamCount>(STREAM_COUNTS).get('s-3'))?.count).toBe(total / 10);
  });

  it('moves a running runner onto the rebuilt build', async () => {
    const errors: string[] = [];
    const logger = { debug() {}, info() {}, warn() {}, error: (message: string) => void errors.push(message) };
    const runner = await startProjections({
      eventStore: events,
      readStore: store,
      projections: [streamCountsProjection()],
      logger,
      retryDelayMs: 60_000,
    });
    events.appendRaw('s-1', [{ type: 'Counted', data: {} }]);
    expect(await runner.waitForPosition((await events.headPosition())!, 2_000)).toBe(true);
    await rebuildProjections({ eventStore: events, readStore: store, projections: [streamCountsProjection()] });
    const { position } = events.appendRaw('s-1', [{ type: 'Counted', data: {} }]);
    expect(await runner.waitForPosition(position, 2_000)).toBe(true);
    expect((await store.collection<StreamCount>(STREAM_COUNTS).get('s-1'))?.count).toBe(2);
    // Moving to the new build is routine, not a failure to back off from.
    expect(errors).toEqual([]);
    await runner.stop();
  });

  // Its speed is measured by bench/rebuild.bench.ts (npm run bench), never asserted here.
  it('replays 100,000 events into the embedded store on disk, every stream counted', async () => {
    // 25,000 streams of 4 events: most events touch a document no earlier batch held.
    for (let i = 0; i < 25_000; i++) {
      events.appendRaw(`s-${i}`, Array.from({ length: 4 }, () => ({ type: 'Counted', data: { ownerId: `u${i % 10}` } })));
    }
    const dir = mkdtempSync(join(tmpdir(), 'rebuild-'));
    const onDisk = openEmbeddedReadStore({ file: join(dir, 'read-models.sqlite') });
    try {
      const result = await rebuildProjections({ eventStore: events, readStore: onDisk, projections: [streamCountsProjection()] });
      expect(result.events).toBe(100_000);
      const counts = onDisk.collection<StreamCount>(STREAM_COUNTS);
      expect(await counts.count()).toBe(25_000);
      expect((await counts.get('s-7'))?.count).toBe(4);
      expect((await counts.get('s-24999'))?.count).toBe(4);
      expect((await onDisk.activeBuild('streamCounts'))?.checkpoint).toBe(await events.headPosition());
    } finally {
      await onDisk.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
