import type { EventEnvelope, Position } from '@accommodate/shared-events/events/envelope';
import type { Change, Projection } from '../definitions/projection.ts';
import type { BuildRef, ReadStore } from '../store/read-store.ts';
import { BatchOverlay } from './batch-overlay.ts';
import { BuildMemo } from './build-memo.ts';
import { newBuildId } from './build-id.ts';
import { timedTurnTaker } from '@accommodate/shared-events/timing/for-each-taking-turns';

/** One projection writing into one build, and how far that build has got. */
export interface BuildTarget {
  projection: Projection;
  handles: ReadonlySet<string>;
  build: BuildRef;
  checkpoint: Position | null;
  /** Set while a replay fills a build it created empty, and nobody else writes to it. */
  memo?: BuildMemo | undefined;
}

export const buildTarget = (projection: Projection, build: BuildRef, checkpoint: Position | null): BuildTarget => ({
  projection,
  handles: new Set(projection.handles),
  build,
  checkpoint,
});

/**
 * Creates a new, empty build of the projection beside the serving one (bulk-loaded: `finishBuild` before it serves),
 * and the target that only this replay writes to until it is swapped in.
 */
export async function createFreshBuild(readStore: ReadStore, projection: Projection): Promise<BuildTarget> {
  const build: BuildRef = { projection: projection.name, version: projection.version, build: newBuildId(projection.version) };
  await readStore.createBuild(build, projection.collections, { bulkLoad: true });
  return { ...buildTarget(projection, build, null), memo: new BuildMemo() };
}

/** Carries which projection and event type failed, and nothing of the event's data. */
export class ProjectionApplyError extends Error {
  override readonly name = 'ProjectionApplyError';
  constructor(
    readonly projection: string,
    readonly eventType: string,
    override readonly cause: unknown,
  ) {
    super(`Projection ${projection} failed on an event of type ${eventType}`);
  }
}

/**
 * A batch being applied to one target: events go in as they are read (a page at a time in a replay), their
 * writes collect in the overlay, and they commit together with the checkpoint of the last event applied.
 */
export interface OpenBatch {
  readonly target: BuildTarget;
  readonly overlay: BatchOverlay;
  /** The last event taken into the batch, handled or not; null while there is nothing to commit. */
  last: Position | null;
}

export const openBatch = (readStore: ReadStore, target: BuildTarget, options: { announce: boolean } = { announce: true }): OpenBatch => ({
  target,
  overlay: new BatchOverlay(readStore, target.build, target.memo, options.announce),
  last: null,
});

/**
 * Applies events to an open batch, until it holds about `maxWrites` writes: returns how many of the events it took (all
 * of them, unless it stopped there). Events at or before the checkpoint were applied already (a redelivery) and are
 * skipped; events the projection does not handle still move the checkpoint.
 */
export async function applyToBatch(batch: OpenBatch, events: readonly EventEnvelope[], maxWrites = Infinity): Promise<number> {
  const { target, overlay } = batch;
  const from = target.checkpoint;
  // The store's reads resolve at once, so a batch would otherwise hold the event loop until its end: requests and
  // appends waiting on their writes' replies waited with it (an import's appends took 0.5 s each).
  const takeTurn = timedTurnTaker();
  // Indexed, and the writes counted only where they are capped: a rebuild runs this loop once per event and projection.
  const capped = maxWrites !== Infinity;
  for (let index = 0; index < events.length; index += 1) {
    const event = events[index]!;
    if (capped && overlay.pendingWrites >= maxWrites) return index;
    const turn = takeTurn();
    if (turn) await turn;
    if (from !== null && event.position <= from) continue;
    batch.last = event.position;
    if (!target.handles.has(event.type)) continue;
    try {
      await target.projection.apply(event, overlay);
    } catch (error) {
      throw new ProjectionApplyError(target.projection.name, event.type, error);
    }
  }
  return events.length;
}

/**
 * Commits an open batch's writes with its checkpoint. Returns the changes to announce, which the caller
 * publishes only now that they are committed; none with `announce: false` (a replay nobody follows), so as
 * not to hold a batch's worth of them.
 */
export async function commitOpenBatch(readStore: ReadStore, batch: OpenBatch): Promise<Change[]> {
  const { target, overlay, last } = batch;
  if (last === null) return [];
  try {
    await overlay.settled();
  } catch (error) {
    throw new ProjectionApplyError(target.projection.name, 'the end of a batch', error);
  }
  const writes = overlay.writes();
  await readStore.commit(target.build, writes, last);
  target.memo?.committed(writes);
  target.checkpoint = last;
  return overlay.changes;
}

/**
 * Writes per commit into a build that serves reads. A commit is one synchronous transaction, and the API waits while it
 * runs: an import's batches of 500 events (classes of sixty students, each student's audience refreshed) wrote enough
 * to hold it for 50–100 ms during the import and up to 650 ms after it. An event's writes are never split.
 */
export const SERVING_COMMIT_WRITES = 1_000;

/**
 * Applies events to a target in commits of about `maxWrites` writes at most, each committed with the checkpoint of its
 * last event; `committed` receives each commit's changes once it is in.
 */
export async function applyInCommits(
  readStore: ReadStore,
  target: BuildTarget,
  events: readonly EventEnvelope[],
  committed: (changes: Change[]) => void,
  maxWrites = SERVING_COMMIT_WRITES,
): Promise<void> {
  let from = 0;
  while (from < events.length) {
    const batch = openBatch(readStore, target);
    from += await applyToBatch(batch, from === 0 ? events : events.slice(from), maxWrites);
    committed(await commitOpenBatch(readStore, batch));
  }
}
