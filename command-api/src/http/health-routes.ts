import { Router } from 'express';
import type { AppContext } from '../framework/command-context.ts';

export function healthRoutes(context: AppContext): Router {
  const router = Router();
  // Ready once the read models have caught up after start. Under a burst of writes they trail
  // the log by a batch or two at any instant; that must not take the node out of rotation.
  let caughtUpOnce = false;
  const projectionsReady = async () => (caughtUpOnce ||= await context.progress.caughtUp());
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
    ]);
    const [eventStore, readStore, jobs, projections] = checks.map((check) => check.status === 'fulfilled');
    // Reported, not required: no request waits on the job queue (jobs are derived from the log by the
    // workers), so a Redis outage must not take the API out of rotation while it still serves.
    const ready = Boolean(eventStore && readStore && projections);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', eventStore, readStore, jobs, projections });
  });
  return router;
}
