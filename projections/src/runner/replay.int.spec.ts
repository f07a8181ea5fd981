import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEmbeddedReadStore } from '../store/embedded-read-store.ts';
import type { ReadStore } from '../store/read-store.ts';
import { createFreshBuild } from './apply-batch.ts';
import { REPLAY_PAGE_SIZE, replayInto } from './replay.ts';
import { InMemoryEventStore } from './testing/in-memory-event-store.ts';
import { STREAM_COUNTS, streamCountsProjection, type StreamCount } from './testing/stream-counts-projection.ts';

describe('replayInto', () => {
  let events: InMemoryEventStore;
  let store: ReadStore;

  beforeEach(() => {
    events = new InMemoryEventStore();
    store = openEmbeddedReadStore({ file: ':memory:' });
  });
  afterEach(() => store.close());

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
    const target = await createFreshBuild(spied, streamCountsProjection());

    // A batch a little larger than a page commits at the end of the page that reaches it.
    const read = await replayInto(events, spied, [target], { after: null, batchSize: REPLAY_PAGE_SIZE + 1 });

    expect(read).toBe(total);
    const positions = [];
    for await (const event of events.readAll()) positions.push(event.position);
    expect(commits).toEqual([positions[2 * REPLAY_PAGE_SIZE - 1], positions.at(-1)]);
    expect(await store.checkpoint(target.build)).toBe(positions.at(-1));
    const counts = store.buildCollection<StreamCount>(target.build, STREAM_COUNTS);
    expect((await counts.get('s-3'))?.count).toBe(total / 10);
  });
});
