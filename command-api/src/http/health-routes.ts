import { Router } from 'express';
import type { AppContext } from '../framework/command-context.ts';

export function healthRoutes(context: AppContext): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const checks = await Promise.allSettled([
      context.eventStore.ping(),
      context.readStore.ping(),
      context.jobs.ping(),
      context.progress.caughtUp().then((caughtUp) => {
        if (!caughtUp) throw new Error('projections catching up');
      }),
    ]);
    const [eventStore, readStore, jobs, projections] = checks.map((check) => check.status === 'fulfilled');
    const ready = checks.every((check) => check.status === 'fulfilled');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', eventStore, readStore, jobs, projections });
  });
  return router;
}
