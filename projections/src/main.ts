import { loadRuntimeConfig } from '@accommodate/shared-events/config/runtime-config';
import { startProjectionsService } from './projections-service.ts';

/** `npm start -w projections`: the projections service on its own. */
const service = await startProjectionsService(loadRuntimeConfig(process.env));

const shutdown = async () => {
  await service.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
