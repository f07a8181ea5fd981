import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Logger, LogFields } from '@accommodate/shared-events/logging/logger';
import type { ChangeMessage } from '@accommodate/shared-events/schemas/change-message';
import type { Projection } from '../definitions/projection.ts';
import type { ChangePublisher } from '../realtime/change-publisher.ts';
import { openEmbeddedReadStore } from '../store/embedded-read-store.ts';
import type { ReadStore } from '../store/read-store.ts';
import { startProjections, type ProjectionRunner } from './projection-runner.ts';
import { InMemoryEventStore } from '@accommodate/shared-events/event-store/testing/in-memory-event-store';
import { STREAM_COUNTS, streamCountsProjection, type StreamCount } from './testing/stream-counts-projection.ts';

const counted = (ownerId = 'u1') => ({ type: 'Counted', data: { ownerId } });

/** A publisher and a read store that write into one timeline, to see what happened in which order. */
function recorder(store: ReadStore) {
  const timeline: string[] = [];
  let failCommits = 0;
  const readStore: ReadStore = {
    ...store,
    async commit(build, writes, checkpoint) {
      if (failCommits > 0) {
        failCommits -= 1;
        timeline.push(`commit-failed:${checkpoint}`);
        throw new Error('disk full');
      }
      await store.commit(build, writes, checkpoint);
      timeline.push(`commit:${checkpoint}`);
    },
  };
  const published: { message: ChangeMessage; audience: readonly string[] }[] = [];
  const publisher: ChangePublisher = {
    publish(message, audience) {
      published.push({ message, audience });
      timeline.push(`publish:${message.id}:${message.revision}`);
    },
    close: async () => undefined,
  };
  return { readStore, publisher, timeline, published, failNextCommits: (n: number) => (failCommits = n) };
}

function capturingLogger() {
  const lines: { level: string; message: string; fields: LogFields | undefined }[] = [];
  const at = (level: string) => (message: string, fields?: LogFields) => void lines.push({ level, message, fields });
  const logger: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { logger, lines };
}

/** The projection, throwing a TypeError on its first `times` Tagged events. */
function failingOnTags(projection: Projection, times: number): Projection {
  let failuresLeft = times;
  return {
    ...projection,
    async apply(event, context) {
      if (event.type === 'Tagged' && failuresLeft-- > 0) throw new TypeError('bad tag');
      await projection.apply(event, context);
    },
  };
}

describe('projection runner', () => {
  let events: InMemoryEventStore;
  let store: ReadStore;
  const runners: ProjectionRunner[] = [];

  const start = async (options: Partial<Parameters<typeof startProjections>[0]> = {}) => {
    const runner = await startProjections({
      eventStore: events,
      readStore: store,
      projections: [streamCountsProjection()],
      retryDelayMs: 5,
      ...options,
    });
    runners.push(runner);
    return runner;
  };
  const countOf = async (streamId: string) => (await store.collection<StreamCount>(STREAM_COUNTS).get(streamId))?.count;

  beforeEach(() => {
    events = new InMemoryEventStore();
    store = openEmbeddedReadStore({ file: ':memory:' });
  });
  afterEach(async () => {
    for (const runner of runners.splice(0)) await runner.stop();
    await store.close();
  });

  it('builds the read model from earlier events, then follows new ones; a GET after waitForPosition sees the write', async () => {
    events.appendRaw('s-1', [counted(), counted()]);
    const runner = await start();
    const { position } = events.appendRaw('s-1', [counted()]);
    expect(await runner.waitForPosition(position, 2_000)).toBe(true);
    expect(await countOf('s-1')).toBe(3);
    expect(await runner.caughtUp()).toBe(true);
    expect(await runner.waitForPosition(position + 1_000n, 50)).toBe(false);
  });

  it('moves the checkpoint past events it does not handle', async () => {
    const runner = await start();
    events.appendRaw('s-1', [counted()]);
    const { position } = events.appendRaw('other-1', [{ type: 'SomethingElse', data: {} }]);
    expect(await runner.waitForPosition(position, 2_000)).toBe(true);
    expect((await store.activeBuild('streamCounts'))?.checkpoint).toBe(position);
    expect(await store.collection(STREAM_COUNTS).get('other-1')).toBeNull();
  });

  it('applies a redelivered event only once', async () => {
    const runner = await start();
    events.appendRaw('s-1', [counted(), counted()]);
    events.appendRaw('s-2', [counted()]);
    expect(await runner.waitForPosition((await events.headPosition())!, 2_000)).toBe(true);
    events.redeliver(null);
    const { position } = events.appendRaw('s-3', [counted()]);
    expect(await runner.waitForPosition(position, 2_000)).toBe(true);
    expect([await countOf('s-1'), await countOf('s-2'), await countOf('s-3')]).toEqual([2, 1, 1]);
  });

  it('announces changes only after their batch commits, and not at all for a failed commit', async () => {
    const { readStore, publisher, timeline, published, failNextCommits } = recorder(store);
    const { logger, lines } = capturingLogger();
    const runner = await start({ readStore, publisher, logger });
    const first = events.appendRaw('s-0', [counted('u7')]);
    expect(await runner.waitForPosition(first.position, 1_000)).toBe(true);
    timeline.splice(0);
    published.splice(0);
    failNextCommits(2);
    const { position } = events.appendRaw('s-1', [counted('u7')]);
    expect(await runner.waitForPosition(position, 2_000)).toBe(true);

    expect(timeline).toEqual([`commit-failed:${position}`, `commit-failed:${position}`, `commit:${position}`, `publish:s-1:0`]);
    expect(published).toEqual([{ message: { entity: 'student', id: 's-1', revision: 0, actorId: 'system' }, audience: ['u7'] }]);
    expect(await countOf('s-1')).toBe(1);
    expect(lines.filter((l) => l.level === 'error')).toHaveLength(2);
  });

  it('logs a failing projection by name and event type without the data, and recovers', async () => {
    const projection = failingOnTags(streamCountsProjection(), 3);
    const { logger, lines } = capturingLogger();
    const runner = await start({ projections: [projection], logger });
    events.appendRaw('s-1', [counted()]);
    const { position } = events.appendRaw('s-1', [{ type: 'Tagged', data: { tag: 'Jane Doe has dyslexia' } }]);
    expect(await runner.waitForPosition(position, 5_000)).toBe(true);

    expect((await store.collection<StreamCount>(STREAM_COUNTS).get('s-1'))?.tags).toEqual(['Jane Doe has dyslexia']);
    const errors = lines.filter((l) => l.level === 'error');
    expect(errors).toHaveLength(3);
    expect(errors[0]!.fields).toMatchObject({ projection: 'streamCounts', eventType: 'Tagged', error: 'TypeError' });
    expect(JSON.stringify(lines)).not.toContain('Jane');
    expect(JSON.stringify(lines)).not.toContain('s-1');
  });

  it('builds a new version beside the old one, serves the old until the swap, then drops it', async () => {
    events.appendRaw('s-1', [counted(), counted()]);
    const v1 = await start();
    expect(await v1.waitForPosition((await events.headPosition())!, 2_000)).toBe(true);
    await v1.stop();
    const oldBuild = (await store.activeBuild('streamCounts'))!;

    // Version 2 counts double; it stalls on its first event until released.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const doubled = streamCountsProjection({ version: 2, weight: 2 });
    const stalled: Projection = {
      ...doubled,
      async apply(event, context) {
        await gate;
        await doubled.apply(event, context);
      },
    };
    const v2 = await start({ projections: [stalled] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await countOf('s-1')).toBe(2);
    expect(await v2.caughtUp()).toBe(false);
    expect((await store.activeBuild('streamCounts'))?.build).toBe(oldBuild.build);

    release();
    const { position } = events.appendRaw('s-1', [counted()]);
    expect(await v2.waitForPosition(position, 2_000)).toBe(true);
    expect(await countOf('s-1')).toBe(6);
    expect((await store.activeBuild('streamCounts'))?.version).toBe(2);
    expect(await store.checkpoint(oldBuild)).toBeNull();
  });

  it('leaves a projection alone when a newer version is active', async () => {
    events.appendRaw('s-1', [counted()]);
    const v2 = await start({ projections: [streamCountsProjection({ version: 2 })] });
    expect(await v2.waitForPosition((await events.headPosition())!, 2_000)).toBe(true);
    await v2.stop();
    const v1 = await start();
    const { position } = events.appendRaw('s-1', [counted()]);
    expect(await v1.waitForPosition(position, 1_000)).toBe(true);
    expect((await store.activeBuild('streamCounts'))?.version).toBe(2);
    expect(await countOf('s-1')).toBe(1);
  });

  it('builds every projection that has no build yet in one pass over the log, and each serves its own', async () => {
    events.appendRaw('s-1', [counted(), counted()]);
    events.appendRaw('s-2', [counted()]);
    let wholeLogReads = 0;
    const readAll = events.readAll.bind(events);
    events.readAll = (options = {}) => {
      if ((options.after ?? null) === null) wholeLogReads += 1;
      return readAll(options);
    };
    const runner = await start({ projections: [streamCountsProjection(), streamCountsProjection({ weight: 2, collection: 'doubledCounts' })] });
    expect(await runner.waitForPosition((await events.headPosition())!, 2_000)).toBe(true);

    expect(wholeLogReads).toBe(1);
    expect(await countOf('s-1')).toBe(2);
    expect((await store.collection<StreamCount>('doubledCounts').get('s-1'))?.count).toBe(4);
    const { position } = events.appendRaw('s-2', [counted()]);
    expect(await runner.waitForPosition(position, 2_000)).toBe(true);
    expect(await countOf('s-2')).toBe(2);
    expect((await store.collection<StreamCount>('doubledCounts').get('s-2'))?.count).toBe(4);
  });

  it('when one projection fails while they are built together, the others still serve and the failing one recovers alone', async () => {
    events.appendRaw('s-1', [counted(), { type: 'Tagged', data: { tag: 'x' } }]);
    const failing = failingOnTags(streamCountsProjection({ collection: 'fragileCounts' }), 2);
    const { logger, lines } = capturingLogger();
    const runner = await start({ projections: [streamCountsProjection(), failing], logger });
    expect(await runner.waitForPosition((await events.headPosition())!, 5_000)).toBe(true);

    expect(await countOf('s-1')).toBe(1);
    expect((await store.collection<StreamCount>('fragileCounts').get('s-1'))?.tags).toEqual(['x']);
    expect(lines.some((l) => l.level === 'warn' && l.message.includes('together failed'))).toBe(true);
  });
});
