import { loadRuntimeConfig } from '@accommodate/shared-events/config/runtime-config';
import { createLogger } from '@accommodate/shared-events/logging/logger';
import { openEventStore } from '@accommodate/shared-events/event-store/open-event-store';
import { openReadStore } from '@accommodate/projections/store/open-read-store';
import { openJobQueue } from './jobs/open-job-queue.ts';
import path from 'node:path';
import { createJobHandlers } from './handlers/job-handlers.ts';
import { createMailer } from './notifications/mailer.ts';
import { startNotificationWorkers } from './notifications/notification-workers.ts';

/** The workers service on its own (`npm start -w workers`): consumes the BullMQ queue. */
const config = loadRuntimeConfig(process.env);
const logger = createLogger('workers', config.logLevel);
if (!config.redisUrl) logger.warn('REDIS_URL is not set: this process only sees jobs enqueued within itself');

const eventStore = await openEventStore({ eventStoreUrl: config.eventStoreUrl, dataDir: config.dataDir, mongodbUrl: config.mongodbUrl });
const readStore = await openReadStore({ mongodbUrl: config.mongodbUrl, dataDir: config.dataDir });
const jobs = await openJobQueue({ redisUrl: config.redisUrl, queueName: 'reminders', prefix: config.redisPrefix });
const mailer = createMailer({ smtpUrl: config.smtpUrl, outboxDir: path.join(config.dataDir, 'outbox') });
const dependencies = { eventStore, readStore, jobs, mailer, logger, now: () => new Date() };
await jobs.start(createJobHandlers(dependencies));
// The log follower resumes from its saved checkpoint; the sweep scheduler is upserted (one per deployment).
const notifications = await startNotificationWorkers(dependencies);
logger.info('workers running');

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  // Stop reacting first (saves the checkpoint), then close the worker gracefully
  // (BullMQ's advice) so a running job finishes or is handed back.
  await notifications.stop();
  await jobs.close();
  mailer.close();
  await readStore.close();
  await eventStore.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
