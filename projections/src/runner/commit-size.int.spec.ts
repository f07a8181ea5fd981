import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InMemoryEventStore } from '@accommodate/shared-events/event-store/testing/in-memory-event-store';
import type { EventEnvelope } from '@accommodate/shared-events/events/envelope';
import type { Projection } from '../definitions/projection.ts';
import { openEmbeddedReadStore } from '../store/embedded-read-store.ts';
import type { BuildRef, ReadStore } from '../store/read-store.ts';
import { applyInCommits, buildTarget, type BuildTarget } from './apply-batch.ts';
import { replayInto } from './replay.ts';
import { streamCountsProjection, type StreamCount } from './testing/stream-counts-projection.ts';

/** 23 streams, each event a write of its stream's document; every fifth a tag, which the second projection ignores. */
function fill(events: InMemoryEventStore): void {
  for (let i = 0; i < 200; i++) events.appendRaw(`s-${i % 23}`, [{ type: i % 5 === 0 ? 'Tagged' : 'Counted', data: { ownerId: `u${i % 4}`, tag: `t${i % 3}` } }]);
}

describe('commits into builds that serve reads stay small (the API waits while one runs)', () => {
  let events: InMemoryEventStore;
  let store: ReadStore;
  let commits: { projection: string; writes: number }[];

  beforeEach(() => {
    events = new InMemoryEventStore();
    store = openEmbeddedReadStore({ file: ':memory:' });
    commits = [];
    const commit = store.commit.bind(store);
    store.commit = (build, writes, checkpoint) => {
      commits.push({ projection: build.projection, writes: writes.length });
      return commit(build, writes, checkpoint);
    };
  });
  afterEach(() => store.close());

  const targetOf = async (projection: Projection, build: string): Promise<BuildTarget> => {
    const ref: BuildRef = { projection: projection.name, version: projection.version, build };
    await store.createBuild(ref, projection.collections);
    return buildTarget(projection, ref, null);
  };
  const docsOf = (target: BuildTarget, collection: string) =>
    store.buildCollection<StreamCount>(target.build, collection).find(undefined, { sort: { field: 'id', direction: 'asc' } });
  const all = async (): Promise<EventEnvelope[]> => {
    const read: EventEnvelope[] = [];
    for await (const event of events.readAll()) read.push(event);
    return read;
  };

  it('applies a live batch in commits of a few writes each, and ends where one commit ends', async () => {
    fill(events);
    const log = await all();
    const whole = await targetOf(streamCountsProjection(), 'whole');
    await applyInCommits(store, whole, log, () => undefined, Infinity);
    expect(commits).toEqual([{ projection: 'streamCounts', writes: 23 }]);

    commits = [];
    const small = await targetOf(streamCountsProjection(), 'small');
    const announced: number[] = [];
    await applyInCommits(store, small, log, (changes) => announced.push(changes.length), 5);
    expect(commits.length).toBeGreaterThan(10);
    expect(Math.max(...commits.map((commit) => commit.writes))).toBe(5);
    // Every event announced once, in some commit; the last commit's checkpoint is the batch's last event.
    expect(announced.reduce((sum, n) => sum + n, 0)).toBe(log.length);
    expect(small.checkpoint).toBe(log.at(-1)!.position);
    expect(await docsOf(small, 'streamCounts')).toEqual(await docsOf(whole, 'streamCounts'));
  });

  it('replays into several serving builds in commits of a few writes, each build ending where an uncapped replay ends', async () => {
    fill(events);
    const counted = (collection: string) => streamCountsProjection({ collection, handles: ['Counted'] });
    const uncapped = [await targetOf(streamCountsProjection({ collection: 'a' }), 'a1'), await targetOf(counted('b'), 'b1')];
    await replayInto(events, store, uncapped, { after: null, batchSize: 1_000 });
    const [a, b] = [await docsOf(uncapped[0]!, 'a'), await docsOf(uncapped[1]!, 'b')];

    commits = [];
    const capped = [await targetOf(streamCountsProjection({ collection: 'a' }), 'a2'), await targetOf(counted('b'), 'b2')];
    const read = await replayInto(events, store, capped, { after: null, batchSize: 1_000, maxWritesPerCommit: 4 });

    expect(read).toBe(200);
    expect(Math.max(...commits.map((commit) => commit.writes))).toBe(4);
    expect(commits.filter((commit) => commit.projection === 'a').length).toBeGreaterThan(5);
    const head = await events.headPosition();
    expect(capped.map((target) => target.checkpoint)).toEqual([head, head]);
    expect(await docsOf(capped[0]!, 'a')).toEqual(a);
    expect(await docsOf(capped[1]!, 'b')).toEqual(b);
  });
});
