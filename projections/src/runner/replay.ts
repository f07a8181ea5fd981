import type { EventEnvelope, Position } from '@accommodate/shared-events/events/envelope';
import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import { readPagesOf } from '@accommodate/shared-events/event-store/read-pages';
import type { Change } from '../definitions/projection.ts';
import type { ReadStore } from '../store/read-store.ts';
import { applyBatch, type BuildTarget } from './apply-batch.ts';

export const REPLAY_BATCH_SIZE = 5_000;
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
 * cores it cost 25-65 % more CPU and lost at 100 k events (35 k against 37-47 k events/s on the main thread
 * alone), broke even at 300 k and won at 1 M (40-45 k against 35-40 k). bench/findings.md, section 4.
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
  let batch: EventEnvelope[] = [];
  let read = 0;
  const flush = async () => {
    for (const target of targets) {
      const changes = await applyBatch(readStore, target, batch, { announce: options.committed !== undefined });
      options.committed?.(target, changes);
    }
    read += batch.length;
    batch = [];
  };
  // Read in pages no larger than a usual batch, however large the commits.
  const pageSize = Math.min(batchSize, REPLAY_BATCH_SIZE);
  const readAhead = options.readAheadAbove !== undefined && eventStore.readAllAhead && (await longerThan(eventStore, options.after, options.readAheadAbove));
  const pages = readAhead ? eventStore.readAllAhead!({ after: options.after, pageSize }) : readPagesOf(eventStore, { after: options.after, batchSize: pageSize });
  for await (const page of pages) {
    if (options.signal?.aborted) return read;
    for (const event of page) {
      batch.push(event);
      if (batch.length >= batchSize) await flush();
    }
  }
  if (batch.length > 0 && !options.signal?.aborted) await flush();
  return read;
}
