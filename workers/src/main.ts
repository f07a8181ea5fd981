import { loadRuntimeConfig } from '@accommodate/shared-events/config/runtime-config';
import { createLogger } from '@accommodate/shared-events/logging/logger';
import { openEventStore } from '@accommodate/shared-events/event-store/open-event-store';
import { openReadStore } from '@accommodate/projections/store/open-read-store';
import { openJobQueue } from './jobs/open-job-queue.ts';
import { createJobHandlers } from './handlers/job-handlers.ts';

/** The workers service on its own (`npm start -w workers`): consumes the BullMQ queue. */
const config = loadRuntimeConfig(process.env);
const logger = createLogger('workers', config.logLevel);
if (!config.redisUrl) logger.warn('REDIS_URL is not set: this process only sees jobs enqueued within itself');

const eventStore = await openEventStore({ eventStoreUrl: config.eventStoreUrl, dataDir: config.dataDir });
const readStore = await openReadStore({ mongodbUrl: config.mongodbUrl, dataDir: config.dataDir });
const jobs = openJobQueue({ redisUrl: config.redisUrl, queueName: 'reminders', prefix: config.redisPrefix });
await jobs.start(createJobHandlers({ eventStore, readStore, logger, now: () => new Date() }));
logger.info('workers running');

const shutdown = async () => {
  // BullMQ's advice: close the worker gracefully so a running job finishes or is handed back.
  await jobs.close();
  await readStore.close();
  await eventStore.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
