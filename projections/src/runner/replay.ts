import type { Position } from '@accommodate/shared-events/events/envelope';
import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import { readPagesOf } from '@accommodate/shared-events/event-store/read-pages';
import { turnTaker } from '@accommodate/shared-events/timing/for-each-taking-turns';
import type { Change } from '../definitions/projection.ts';
import type { ReadStore } from '../store/read-store.ts';
import { applyToBatch, commitOpenBatch, openBatch, type BuildTarget, type OpenBatch } from './apply-batch.ts';

export const REPLAY_BATCH_SIZE = 5_000;
/**
 * Events read (and applied) at a time in a replay, whatever the commit size. A page is garbage once applied;
 * pages of 5,000 outlived young-generation collections, which copied them each time: a 100 k rebuild spent
 * 520-540 ms in scavenges with them, 360-390 ms with pages of 1,000 (500 is even, 2,000 as bad as 5,000).
 */
export const REPLAY_PAGE_SIZE = 1_000;
/**
 * Events per commit into a build created empty (a rebuild, a new version): nobody waits on them,
 * and fewer, larger transactions touch each page of the tables' id indexes fewer times.
 */
export const FRESH_BUILD_BATCH_SIZE = 20_000;

/** Positions count events closely enough here: the embedded log's are consecutive row ids. */
async function longerThan(eventStore: EventStore, after: Position | null, events: number): Promise<boolean> {
  const head = await eventStore.headPosition();
  return head !== null && head - (after ?? 0n) > BigInt(events);
}

/**
 * A replay into a new build (the runner's, or a rebuild) reads ahead on another thread above this many events.
 * The thread costs ≈ 0.5 s to start and, per event, a copy across threads and a second heap to collect: on two
 * cores it lost at 100 k events (29-40 k against 39-46 k events/s on the main thread alone, 41-57 against 29-34 µs
 * of CPU an event) and won at 1 M (58 k against 56 k, for 27 against 21 µs). bench/findings.md, section 4.
 */
export const READ_AHEAD_ABOVE = 250_000;

/**
 * Reads the log from `after` to its current end in large batches and applies each
 * batch to every target, so that one pass over the log fills several builds.
 * `committed` receives each commit's changes; a new build nobody reads yet needs none.
 * Returns the number of events read.
 */
export async function replayInto(
  eventStore: EventStore,
  readStore: ReadStore,
  targets: readonly BuildTarget[],
  options: {
    after: Position | null;
    batchSize?: number;
    /** Also commit once a target's batch holds about this many writes (a build that serves reads: apply-batch.ts). */
    maxWritesPerCommit?: number;
    signal?: AbortSignal;
    committed?: (target: BuildTarget, changes: Change[]) => void;
    /**
     * Read on another thread where the store can, when more than this many events are to be read (a replay
     * into a fresh build). Starting the thread costs about half a second of CPU (its TypeScript loader).
     */
    readAheadAbove?: number;
  },
): Promise<number> {
  const batchSize = options.batchSize ?? REPLAY_BATCH_SIZE;
  const announce = { announce: options.committed !== undefined };
  // Each page is applied as soon as it is read and only the writes wait for the commit: holding a whole
  // commit's worth of envelopes (20,000 in a fresh build) kept them alive through every young-generation
  // collection, which then spent its time copying them.
  let batches: OpenBatch[] = targets.map((target) => openBatch(readStore, target, announce));
  let pending = 0;
  let read = 0;
  const commit = async () => {
    for (const batch of batches) {
      // Not inside `committed?.(…)`: its arguments are not evaluated when nobody listens (a rebuild).
      const changes = await commitOpenBatch(readStore, batch);
      options.committed?.(batch.target, changes);
    }
    batches = targets.map((target) => openBatch(readStore, target, announce));
    read += pending;
    pending = 0;
  };
  const pageSize = Math.min(batchSize, REPLAY_PAGE_SIZE);
  const readAhead = options.readAheadAbove !== undefined && eventStore.readAllAhead && (await longerThan(eventStore, options.after, options.readAheadAbove));
  const pages = readAhead ? eventStore.readAllAhead!({ after: options.after, pageSize }) : readPagesOf(eventStore, { after: options.after, batchSize: pageSize });
  // A page of the embedded log is read without a real wait, so the replay would otherwise hold the event
  // loop until its end, and the requests that the serving builds are there to answer would wait with it.
  const takeTurn = turnTaker(1);
  const maxWrites = options.maxWritesPerCommit ?? Infinity;
  for await (const page of pages) {
    if (options.signal?.aborted) return read;
    // A target's batch that fills up takes part of the page; every target commits then, and the rest of the page goes
    // to new batches (a target that took more skips what its commit's checkpoint covers).
    for (let from = 0; from < page.length; ) {
      const rest = from === 0 ? page : page.slice(from);
      let taken = rest.length;
      for (const batch of batches) taken = Math.min(taken, await applyToBatch(batch, rest, maxWrites));
      from += taken;
      pending += taken;
      if (taken < rest.length || pending >= batchSize) await commit();
    }
    await takeTurn();
  }
  if (pending > 0 && !options.signal?.aborted) await commit();
  return read;
}
