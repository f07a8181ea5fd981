import { join } from 'node:path';
import { openEventStore } from '@accommodate/shared-events/event-store/open-event-store';
import { openEmbeddedReadStore } from '@accommodate/projections/store/embedded-read-store';
import { ALL_PROJECTIONS } from '@accommodate/projections/definitions/all-projections';
import { polledProgress } from '../../command-api/src/framework/polled-progress.ts';
import { spawnServer, spawnService, type ServerProcess, type ServiceProcess } from './server-process.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Part = 'api' | 'projections' | 'workers';
export const ALL_PARTS: readonly Part[] = ['api', 'projections', 'workers'];

/** The product as it is deployed for a test: one process, or api + projections + workers sharing one DATA_DIR and a Redis. */
export interface Deployment {
  mode: 'one-process' | 'multi-process';
  url: string;
  api: ServerProcess;
  projections: ServiceProcess | null;
  workers: ServiceProcess | null;
  /** SIGKILL to these parts (in one-process mode, any part is the one process). */
  kill9(parts: readonly Part[]): Promise<void>;
  /** Starts the killed parts again; returns the ms until all of them were ready. */
  restart(parts: readonly Part[]): Promise<number>;
  /** Until every projection's checkpoint has reached the head of the log (the projections may trail the API). */
  waitForReadModels(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export interface DeploymentOptions {
  dataDir: string;
  /** Multi-process when set: the three services share this Redis. */
  redis?: { url: string; prefix: string };
  /** Extra environment for every process. */
  env?: Record<string, string>;
}

export async function startDeployment(options: DeploymentOptions): Promise<Deployment> {
  const { dataDir, redis } = options;
  const env = { ...options.env, ...(redis ? { REDIS_URL: redis.url, REDIS_PREFIX: redis.prefix } : {}) };
  const parts: { api: ServerProcess | null; projections: ServiceProcess | null; workers: ServiceProcess | null } = { api: null, projections: null, workers: null };

  const startParts = async (which: readonly Part[]): Promise<number> => {
    const started = performance.now();
    // Projections and workers first: the API is ready only once the read models have caught up.
    if (redis && which.includes('projections')) {
      parts.projections = await spawnService({ entry: 'projections/src/main.ts', dataDir, env, readyLine: 'projections running' });
    }
    if (redis && which.includes('workers')) {
      parts.workers = await spawnService({ entry: 'workers/src/main.ts', dataDir, env, readyLine: 'workers running' });
    }
    if (!redis || which.includes('api')) {
      parts.api = await spawnServer({ dataDir, env: redis ? { ...env, ROLE: 'api' } : env, ...(parts.api ? { port: parts.api.port } : {}) });
    }
    return performance.now() - started;
  };
  const chosen = (which: readonly Part[]) => (redis ? which : (['api'] as const));
  const processes = (which: readonly Part[]) => chosen(which).map((part) => parts[part]).filter((p) => p !== null);

  await startParts(ALL_PARTS);
  const deployment: Deployment = {
    mode: redis ? 'multi-process' : 'one-process',
    get url() {
      return parts.api!.url;
    },
    get api() {
      return parts.api!;
    },
    get projections() {
      return parts.projections;
    },
    get workers() {
      return parts.workers;
    },
    async kill9(which) {
      await Promise.all(processes(which).map((p) => p.kill9()));
    },
    restart: (which) => startParts(chosen(which)),
    async waitForReadModels(timeoutMs = 60_000) {
      const eventStore = await openEventStore({ dataDir });
      const readStore = openEmbeddedReadStore({ file: join(dataDir, 'read-models.sqlite') });
      try {
        const progress = polledProgress(eventStore, readStore, ALL_PROJECTIONS);
        const deadline = Date.now() + timeoutMs;
        while (!(await progress.caughtUp())) {
          if (Date.now() > deadline) throw new Error('read models did not reach the head of the log in time');
          await sleep(50);
        }
      } finally {
        await readStore.close();
        await eventStore.close();
      }
    },
    async stop() {
      // The API first, so nothing new is written while the others finish.
      await parts.api?.stop();
      await Promise.all([parts.projections?.stop(), parts.workers?.stop()]);
    },
  };
  return deployment;
}
