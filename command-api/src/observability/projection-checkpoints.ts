import type { ReadStore } from '@accommodate/projections/store/read-store';
import type { Projection } from '@accommodate/projections/definitions/projection';
import type { ProjectionRunner } from '@accommodate/projections/runner/projection-runner';
import type { ProjectionCheckpoint } from './projection-lag.ts';

/**
 * Each projection's checkpoint: the in-process runner's own (null while a build is not serving yet), or, where the
 * projections run in another process, the serving builds' as that process committed them.
 */
export function projectionCheckpoints(readStore: Pick<ReadStore, 'activeBuild'>, projections: readonly Projection[], runner: () => ProjectionRunner | null) {
  return async (): Promise<ProjectionCheckpoint[]> => {
    const inProcess = runner();
    if (inProcess) return inProcess.status().map((status) => ({ projection: status.projection, checkpoint: status.serving ? status.checkpoint : null }));
    return Promise.all(projections.map(async (projection) => ({ projection: projection.name, checkpoint: (await readStore.activeBuild(projection.name))?.checkpoint ?? null })));
  };
}
