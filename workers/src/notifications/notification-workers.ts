import { DAILY_SWEEPS_EVERY_MS, DAILY_SWEEPS_JOB } from '../handlers/daily-sweeps.ts';
import { startNotificationSubscriber, type NotificationSubscriber } from '../reminders/notification-subscriber.ts';
import type { JobDependencies } from '../handlers/job-handlers.ts';
import type { JobQueue } from '../jobs/job-queue.ts';

/**
 * Besides each reconnect, how often to look whether the sweep's schedule is still in Redis: a failover
 * behind a proxy, or a flush, can empty it without this process ever seeing the connection drop.
 */
const LOST_SCHEDULE_CHECK_EVERY_MS = 60_000;

export interface NotificationWorkersOptions {
  /** Tests shorten it; see LOST_SCHEDULE_CHECK_EVERY_MS. */
  lostScheduleCheckEveryMs?: number;
}

/** Upserting the scheduler also runs the sweep at once (BullMQ and the in-process queue alike). */
const scheduleSweep = (jobs: Pick<JobQueue, 'schedule'>) => jobs.schedule(DAILY_SWEEPS_JOB, DAILY_SWEEPS_EVERY_MS, DAILY_SWEEPS_JOB, {});

/**
 * Starts what produces reminder and notification jobs: the daily sweep (a BullMQ job
 * scheduler, or a timer in one process; it also runs once at start) and the event-log
 * subscriber. The job handlers themselves run wherever `jobs.start(createJobHandlers(...))`
 * was called.
 */
export async function startNotificationWorkers(dependencies: JobDependencies, options: NotificationWorkersOptions = {}): Promise<NotificationSubscriber> {
  await scheduleSweep(dependencies.jobs);
  const subscriber = startNotificationSubscriber(dependencies);
  const watcher = restoreLostSchedule(dependencies, options.lostScheduleCheckEveryMs ?? LOST_SCHEDULE_CHECK_EVERY_MS);
  return {
    whenProcessed: (position, timeoutMs) => subscriber.whenProcessed(position, timeoutMs),
    async stop() {
      await watcher.stop();
      await subscriber.stop();
    },
  };
}

/**
 * A Redis that comes back empty (no persistence, a failover to a fresh replica) has lost every delayed
 * job: reminders due in days, share expiries, the sweep's own schedule. They are all derivable from the
 * read models, which is what the sweep does, so when the schedule is found missing (looked for after each
 * reconnect and now and then) it is created again, which runs the sweep at once. Job and notification
 * ids are deterministic, so the jobs that did survive and the notifications already raised are not doubled.
 */
function restoreLostSchedule(deps: Pick<JobDependencies, 'jobs' | 'logger'>, everyMs: number): { stop(): Promise<void> } {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  const check = async () => {
    if (await deps.jobs.hasSchedule(DAILY_SWEEPS_JOB)) return;
    deps.logger.warn('job schedule missing from the queue (Redis lost its data?); re-creating it and sweeping');
    await scheduleSweep(deps.jobs);
  };
  const trigger = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await check();
        } catch (error) {
          // Redis gone again: the next reconnect or tick looks again.
          deps.logger.warn('job schedule check failed', { error: error instanceof Error ? error.name : typeof error });
        }
      } while (again && !stopped);
      running = null;
    })();
  };

  const unsubscribe = deps.jobs.onReconnect(trigger);
  const timer = setInterval(trigger, everyMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      unsubscribe();
      clearInterval(timer);
      await running;
    },
  };
}
