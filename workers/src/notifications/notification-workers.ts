import { REVIEW_SWEEP_EVERY_MS, REVIEW_SWEEP_JOB } from '../reminders/review-reminders.ts';
import { startNotificationSubscriber, type NotificationSubscriber } from '../reminders/notification-subscriber.ts';
import type { JobDependencies } from '../handlers/job-handlers.ts';

/**
 * Starts what produces reminder and notification jobs: the daily review sweep
 * (a BullMQ job scheduler, or a timer in one process; it also runs once at start)
 * and the event-log subscriber. The job handlers themselves run wherever
 * `jobs.start(createJobHandlers(...))` was called.
 */
export async function startNotificationWorkers(dependencies: JobDependencies): Promise<NotificationSubscriber> {
  await dependencies.jobs.schedule(REVIEW_SWEEP_JOB, REVIEW_SWEEP_EVERY_MS, REVIEW_SWEEP_JOB, {});
  return startNotificationSubscriber(dependencies);
}
