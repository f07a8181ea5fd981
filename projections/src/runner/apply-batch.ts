import type { EventEnvelope, Position } from '@accommodate/shared-events/events/envelope';
import type { Change, Projection } from '../definitions/projection.ts';
import type { BuildRef, ReadStore } from '../store/read-store.ts';
import { BatchOverlay } from './batch-overlay.ts';
import { BuildMemo } from './build-memo.ts';
import { newBuildId } from './build-id.ts';

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
 * Applies a batch and commits its writes with the checkpoint of its last event.
 * Events at or before the checkpoint were applied already (a redelivery) and are
 * skipped; events the projection does not handle still move the checkpoint.
 * Returns the changes to announce, which the caller publishes only now that they are committed;
 * none with `announce: false` (a replay nobody follows), so as not to hold a batch's worth of them.
 */
export async function applyBatch(
  readStore: ReadStore,
  target: BuildTarget,
  events: readonly EventEnvelope[],
  options: { announce: boolean } = { announce: true },
): Promise<Change[]> {
  const from = target.checkpoint;
  const last = events.at(-1);
  if (!last || (from !== null && last.position <= from)) return [];
  const overlay = new BatchOverlay(readStore, target.build, target.memo, options.announce);
  for (const event of events) {
    if (from !== null && event.position <= from) continue;
    if (!target.handles.has(event.type)) continue;
    try {
      await target.projection.apply(event, overlay);
    } catch (error) {
      throw new ProjectionApplyError(target.projection.name, event.type, error);
    }
  }
  const writes = overlay.writes();
  await readStore.commit(target.build, writes, last.position);
  target.memo?.committed(writes);
  target.checkpoint = last.position;
  return overlay.changes;
}
