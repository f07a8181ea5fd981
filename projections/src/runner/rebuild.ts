import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import type { Logger } from '@accommodate/shared-events/logging/logger';
import type { Projection } from '../definitions/projection.ts';
import type { BuildRef, ReadStore } from '../store/read-store.ts';
import { createFreshBuild } from './apply-batch.ts';
import { FRESH_BUILD_BATCH_SIZE, READ_AHEAD_ABOVE, replayInto } from './replay.ts';

export interface RebuildOptions {
  eventStore: EventStore;
  readStore: ReadStore;
  projections: readonly Projection[];
  /** Events per commit; large, because nothing waits on a rebuild's individual events. */
  batchSize?: number;
  logger?: Logger;
  signal?: AbortSignal;
}

export interface RebuildResult {
  builds: BuildRef[];
  events: number;
  ms: number;
}

/**
 * Rebuilds every projection from the whole log into new builds beside the serving
 * ones, in one pass over the log, then swaps each in. Reads keep coming from the
 * old builds until the swap. A runner following the old builds moves to the new
 * ones when it next commits; events appended after the pass are its to apply.
 */
export async function rebuildProjections(options: RebuildOptions): Promise<RebuildResult> {
  const { eventStore, readStore, projections, logger } = options;
  const started = performance.now();
  const targets = [];
  for (const projection of projections) targets.push(await createFreshBuild(readStore, projection));
  const events = await replayInto(eventStore, readStore, targets, {
    after: null,
    batchSize: options.batchSize ?? FRESH_BUILD_BATCH_SIZE,
    readAheadAbove: READ_AHEAD_ABOVE,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (options.signal?.aborted) throw new Error('Rebuild aborted before the swap; the serving builds are unchanged');
  for (const target of targets) await readStore.finishBuild(target.build);
  for (const target of targets) await readStore.activate(target.build);
  const ms = Math.round(performance.now() - started);
  logger?.info('Projections rebuilt', { projections: targets.length, events, ms });
  return { builds: targets.map((t) => t.build), events, ms };
}
