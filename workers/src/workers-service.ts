import path from 'node:path';
import type { RuntimeConfig } from '@accommodate/shared-events/config/runtime-config';
import { createLogger } from '@accommodate/shared-events/logging/logger';
import { openEventStore } from '@accommodate/shared-events/event-store/open-event-store';
import { openReadStore } from '@accommodate/projections/store/open-read-store';
import { openDocumentBlobStore } from '@accommodate/shared-events/storage/open-blob-store';
import { openJobQueue } from './jobs/open-job-queue.ts';
import { createJobHandlers } from './handlers/job-handlers.ts';
import { createMailer } from './notifications/mailer.ts';
import { startNotificationWorkers } from './notifications/notification-workers.ts';
import { startScheduledBackups } from './backup/scheduled-backups.ts';

export interface RunningWorkersService {
  stop(): Promise<void>;
}

/** The workers service (`npm start -w workers`, or in-process in tests): consumes the BullMQ queue and follows the log. */
export async function startWorkersService(config: RuntimeConfig): Promise<RunningWorkersService> {
  const logger = createLogger('workers', config.logLevel);
  if (!config.redisUrl) logger.warn('REDIS_URL is not set: this process only sees jobs enqueued within itself');

  const eventStore = await openEventStore(config);
  const readStore = await openReadStore(config);
  const jobs = await openJobQueue({ redisUrl: config.redisUrl, queueName: 'reminders', prefix: config.redisPrefix, logger: createLogger('jobs', config.logLevel) });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, outboxDir: path.join(config.dataDir, 'outbox') });
  // The API nodes' store of uploads (GridFS with MONGODB_URL, files under the shared DATA_DIR otherwise): a roster
  // import's zip is read where the API put it.
  const rosterUploads = await openDocumentBlobStore(config);
  const dependencies = { eventStore, readStore, jobs, mailer, logger, now: () => new Date(), appUrl: config.appUrl, rosterUploads };
  await jobs.start(createJobHandlers(dependencies));
  // The log follower resumes from its saved checkpoint; the sweep scheduler is upserted (one per deployment).
  const notifications = await startNotificationWorkers(dependencies);
  // Beside the data they copy: a workers service on the host of the embedded files (BACKUP_DIR set).
  const backups = await startScheduledBackups({ config, readStore, mailer, logger, now: dependencies.now });
  logger.info('workers running');

  return {
    async stop() {
      // Stop reacting first (saves the checkpoint), then close the worker gracefully
      // (BullMQ's advice) so a running job finishes or is handed back.
      await backups.stop();
      await notifications.stop();
      await jobs.close();
      mailer.close();
      await rosterUploads.close();
      await readStore.close();
      await eventStore.close();
    },
  };
}
