import { loadRuntimeConfig } from '@accommodate/shared-events/config/runtime-config';
import { createLogger } from '@accommodate/shared-events/logging/logger';
import { startServer } from './server.ts';

/**
 * `npm start`: the whole product in one process (API, Socket.IO, projections,
 * reminder workers), storing under DATA_DIR unless the engine URLs say otherwise.
 * `ROLE=api` runs only the API, for the distributed topology.
 */
const config = loadRuntimeConfig(process.env);
const logger = createLogger('main', config.logLevel);
const server = await startServer(config, { runProjections: config.runsProjections });
logger.info('ready', { url: server.url });

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  logger.info('shutting down', { signal });
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  await server.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
