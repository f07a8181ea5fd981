import { loadRuntimeConfig } from '@accommodate/shared-events/config/runtime-config';
import { startProjectionsService } from '@accommodate/projections/projections-service';
import { startWorkersService } from '@accommodate/workers/workers-service';
import { startServer, type RunningServer } from '../server.ts';
import { readMailOf } from './servers-mail.ts';

/**
 * The distributed topology in one test process: an API node (no projections), the projections service and the
 * workers service, each with its own connections, sharing one DATA_DIR and a Redis (under its own key prefix), and
 * PostgreSQL when `env` names a DATABASE_URL.
 */
export async function startDistributedTopology(options: { dataDir: string; redisUrl: string; prefix: string; env?: Record<string, string>; now?: () => Date }) {
  const config = loadRuntimeConfig({
    PORT: '0',
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'silent',
    UI_DIST: '/nonexistent',
    REDIS_URL: options.redisUrl,
    REDIS_PREFIX: options.prefix,
    ...options.env,
  });
  const projections = await startProjectionsService(config);
  const workers = await startWorkersService(config);
  const api: RunningServer = await startServer(config, { runProjections: false, ...(options.now ? { now: options.now } : {}) });
  readMailOf(api);
  return {
    api,
    async close(): Promise<void> {
      await api.close();
      await workers.stop();
      await projections.stop();
    },
  };
}
