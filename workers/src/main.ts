import { loadRuntimeConfig } from '@accommodate/shared-events/config/runtime-config';
import { startWorkersService } from './workers-service.ts';

/** `npm start -w workers`: the workers service on its own. */
const service = await startWorkersService(loadRuntimeConfig(process.env));

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  await service.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
