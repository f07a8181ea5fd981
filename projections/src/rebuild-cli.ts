import { loadRuntimeConfig } from '@accommodate/shared-events/config/runtime-config';
import { createLogger } from '@accommodate/shared-events/logging/logger';
import { openEventStore } from '@accommodate/shared-events/event-store/open-event-store';
import { openReadStore } from './store/open-read-store.ts';
import { ALL_PROJECTIONS } from './definitions/all-projections.ts';
import { rebuildProjections } from './runner/rebuild.ts';

/**
 * `npm run projections:rebuild`: replays the whole log into fresh builds beside
 * the live ones and swaps them in, so reads keep working throughout.
 */
const config = loadRuntimeConfig(process.env);
const logger = createLogger('rebuild', config.logLevel);
const eventStore = await openEventStore(config);
const readStore = await openReadStore(config);
const started = Date.now();
await rebuildProjections({ eventStore, readStore, projections: ALL_PROJECTIONS });
logger.info('rebuilt every read model', { projections: ALL_PROJECTIONS.length, ms: Date.now() - started });
await readStore.close();
await eventStore.close();
