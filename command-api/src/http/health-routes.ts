import { Router } from 'express';
import type { AppContext } from '../framework/command-context.ts';
import { MIN_FREE_DISK_BYTES, type FreeDiskSpace } from './disk-space.ts';

type HealthContext = Pick<AppContext, 'eventStore' | 'readStore' | 'jobs' | 'progress'>;

/** Below a probe's usual 1 s timeout. */
const READY_WAIT_MS = 500;

/**
 * Once ready, a node stays so while its read models trail the log by less than this: the age of the oldest event a
 * projection has not applied. Well above what a large roster import makes them trail by, well below what a stuck
 * projection reaches, which then answers reads that are minutes old.
 */
export const READY_MAX_LAG_SECONDS = 120;

/** `freeDiskSpace`: of DATA_DIR, where the embedded stores, documents and mail are written; unchecked when absent. */
export function healthRoutes(
  context: HealthContext,
  probes: { freeDiskSpace?: FreeDiskSpace | undefined; projectionLagSeconds?: (() => Promise<number>) | undefined } = {},
): Router {
  const router = Router();
  // Ready once the read models include every event that was in the log when readiness was first asked about: a
  // fixed target, not the moving head. Under a steady stream of writes (this node's or another node's) the read
  // models trail the head by a batch or two at any instant; chasing the head kept a node that started under load
  // out of rotation. A probe waits a moment for that target, since the batch it was read in is usually still being
  // applied; once ready, a node stays so.
  let target: Promise<bigint | null> | null = null;
  let caughtUpOnce = false;
  const projectionsReady = async (): Promise<boolean> => {
    // A rebuild (the first start after an upgrade or a restore): the read models are not serving yet.
    if (context.progress.rebuilding?.()) return false;
    if (caughtUpOnce) return (await (probes.projectionLagSeconds?.() ?? Promise.resolve(0))) <= READY_MAX_LAG_SECONDS;
    target ??= context.eventStore.headPosition().catch((error: unknown) => {
      target = null;
      throw error;
    });
    const position = await target;
    caughtUpOnce = position === null ? await context.progress.caughtUp() : await context.progress.waitForPosition(position, READY_WAIT_MS);
    return caughtUpOnce;
  };
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const checks = await Promise.allSettled([
      context.eventStore.ping(),
      context.readStore.ping(),
      context.jobs.ping(),
      projectionsReady().then((caughtUp) => {
        if (!caughtUp) throw new Error('projections catching up');
      }),
      // A full disk (or one that cannot be asked) takes the node out of rotation: its writes would fail.
      (probes.freeDiskSpace?.() ?? Promise.resolve(Infinity)).then((free) => {
        if (free < MIN_FREE_DISK_BYTES) throw new Error('disk full');
      }),
    ]);
    const [eventStore, readStore, jobs, projections, disk] = checks.map((check) => check.status === 'fulfilled');
    // Reported, not required: no request waits on the job queue (jobs are derived from the log by the
    // workers), so a Redis outage must not take the API out of rotation while it still serves.
    const ready = Boolean(eventStore && readStore && projections && disk);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', eventStore, readStore, jobs, projections, disk });
  });
  return router;
}
