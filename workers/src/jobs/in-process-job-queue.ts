import type { EnqueueOptions, JobHandlers, JobQueue } from './job-queue.ts';
import { summariseError } from '@accommodate/shared-events/logging/error-summary';
import { createLogger, type Logger } from '@accommodate/shared-events/logging/logger';

export interface InProcessJobQueueOptions {
  now?: () => number;
  /** Tries per job, the first included; BullMQ uses the same number. */
  attempts?: number;
  /** Wait before the first retry; it doubles on each further retry. */
  backoffMs?: number;
  /** Where failed jobs are logged (class and code only). */
  logger?: Logger | undefined;
}

interface PendingJob {
  readonly name: string;
  readonly data: unknown;
  readonly jobId: string | undefined;
  readonly dueAt: number;
  timer: (() => void) | undefined;
}

/**
 * Jobs run at most this many at a time (a BullMQ worker's concurrency); the rest wait and start on later
 * turns of the event loop: a sweep that finds thousands of reminders due at start-up must not hold up
 * the requests served meanwhile (it held /readyz for 3 s with 20,000 plans).
 */
const CONCURRENCY = 8;

/** setTimeout fires at once for delays over ~24.8 days; review reminders are months out. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A timeout of any length; returns its cancel function. */
function setLongTimeout(callback: () => void, dueAt: number, now: () => number): () => void {
  let handle: NodeJS.Timeout;
  const arm = (): void => {
    const remaining = dueAt - now();
    handle = remaining > MAX_TIMER_MS ? setTimeout(arm, MAX_TIMER_MS) : setTimeout(callback, Math.max(0, remaining));
  };
  arm();
  return () => clearTimeout(handle);
}

/**
 * Embedded-mode job runner: timers in this process, nothing survives a restart.
 * That is acceptable because every job the product enqueues is also re-derived
 * by the daily sweep from the event log, so a lost timer only delays the work.
 */
export function createInProcessJobQueue(options: InProcessJobQueueOptions = {}): JobQueue {
  const now = options.now ?? Date.now;
  const attempts = Math.max(1, options.attempts ?? 3);
  const backoffMs = options.backoffMs ?? 200;
  const logger = options.logger ?? createLogger('jobs');

  let handlers: JobHandlers | undefined;
  let closed = false;
  /** Waiting or delayed jobs, keyed by jobId when they have one (the dedupe set). */
  const pendingById = new Map<string, PendingJob>();
  const pending = new Set<PendingJob>();
  /** Jobs whose time came before `start`; they run as soon as handlers arrive. */
  const ready: PendingJob[] = [];
  const runningIds = new Set<string>();
  const running = new Set<Promise<void>>();
  /** Back-off waits between retries; close() wakes them so running jobs can end. */
  const retryWaits = new Map<NodeJS.Timeout, () => void>();
  const counted = { retries: 0, failures: 0 };
  /** Cancel functions of the recurring schedules, by schedulerId. */
  const schedulers = new Map<string, () => void>();

  const forget = (job: PendingJob): void => {
    pending.delete(job);
    if (job.jobId !== undefined && pendingById.get(job.jobId) === job) pendingById.delete(job.jobId);
  };

  /** Due jobs waiting for a free slot; counted as running for the dedupe, as they can no longer be cancelled. */
  const queued: PendingJob[] = [];
  let pumpScheduled = false;

  const run = (job: PendingJob, current: JobHandlers): void => {
    const started = runWithRetries(job, current).finally(() => {
      running.delete(started);
      if (job.jobId !== undefined) runningIds.delete(job.jobId);
      pump();
    });
    running.add(started);
  };

  /** Starts queued jobs on the next turn of the event loop, as many as there are free slots. */
  const pump = (): void => {
    if (pumpScheduled || queued.length === 0) return;
    pumpScheduled = true;
    setImmediate(() => {
      pumpScheduled = false;
      if (closed || !handlers) return;
      while (running.size < CONCURRENCY) {
        const job = queued.shift();
        if (!job) return;
        run(job, handlers);
      }
    });
  };

  const dispatch = (job: PendingJob): void => {
    job.timer = undefined;
    if (closed) return;
    if (!handlers) {
      ready.push(job);
      return;
    }
    forget(job);
    if (job.jobId !== undefined) runningIds.add(job.jobId);
    if (queued.length === 0 && running.size < CONCURRENCY) {
      run(job, handlers);
      return;
    }
    queued.push(job);
    pump();
  };

  const runWithRetries = async (job: PendingJob, current: JobHandlers): Promise<void> => {
    const handler = current[job.name];
    if (!handler) {
      logger.error('no handler for job; dropped', { job: job.name });
      return;
    }
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      try {
        await handler(job.data);
        return;
      } catch (error) {
        logger.error('job failed', { job: job.name, attempt: `${attempt}/${attempts}`, error: summariseError(error) });
        if (attempt === attempts || closed) {
          counted.failures += 1;
          return;
        }
        counted.retries += 1;
        await sleep(backoffMs * 2 ** (attempt - 1));
      }
    }
  };

  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        retryWaits.delete(timer);
        resolve();
      }, ms);
      retryWaits.set(timer, resolve);
    });

  const add = (name: string, data: unknown, opts: EnqueueOptions = {}): void => {
    const { jobId } = opts;
    // Like BullMQ, an id that is waiting, delayed or running is not added again.
    if (jobId !== undefined && (pendingById.has(jobId) || runningIds.has(jobId))) return;
    const delay = Math.max(0, opts.delayMs ?? 0);
    const job: PendingJob = { name, data, jobId, dueAt: now() + delay, timer: undefined };
    pending.add(job);
    if (jobId !== undefined) pendingById.set(jobId, job);
    job.timer = setLongTimeout(() => dispatch(job), job.dueAt, now);
  };

  return {
    async enqueue(name, data, opts) {
      if (closed) throw new Error('Job queue is closed');
      add(name, data, opts);
    },

    async cancel(jobId) {
      const job = pendingById.get(jobId);
      if (!job) return;
      job.timer?.();
      const index = ready.indexOf(job);
      if (index >= 0) ready.splice(index, 1);
      forget(job);
    },

    async schedule(schedulerId, everyMs, name, data) {
      if (closed) throw new Error('Job queue is closed');
      schedulers.get(schedulerId)?.();
      const interval = Math.max(1, everyMs);
      // One pending run per scheduler, as BullMQ keeps one next job per scheduler.
      const jobId = `\0scheduler\0${schedulerId}`;
      let nextAt = now();
      const tick = (): void => {
        add(name, data, { jobId });
        nextAt += interval;
        // After a stall (a suspended laptop), skip the missed runs rather than replay them.
        if (nextAt <= now()) nextAt = now() + interval;
        schedulers.set(schedulerId, setLongTimeout(tick, nextAt, now));
      };
      // BullMQ runs an `every` scheduler at once, then on each interval.
      tick();
    },

    async hasSchedule(schedulerId) {
      return schedulers.has(schedulerId);
    },

    onReconnect() {
      return () => undefined;
    },

    async start(next) {
      if (closed) throw new Error('Job queue is closed');
      handlers = next;
      const due = ready.splice(0, ready.length).sort((a, b) => a.dueAt - b.dueAt);
      for (const job of due) dispatch(job);
    },

    async ping() {
      if (closed) throw new Error('Job queue is closed');
    },

    async stats() {
      return { waiting: ready.length + queued.length, delayed: pending.size, active: running.size, failed: 0, ...counted };
    },

    async close() {
      if (closed) return;
      closed = true;
      for (const cancelSchedule of schedulers.values()) cancelSchedule();
      schedulers.clear();
      for (const job of pending) job.timer?.();
      pending.clear();
      pendingById.clear();
      ready.length = 0;
      for (const job of queued.splice(0, queued.length)) if (job.jobId !== undefined) runningIds.delete(job.jobId);
      for (const [timer, wake] of retryWaits) {
        clearTimeout(timer);
        wake();
      }
      retryWaits.clear();
      await Promise.allSettled([...running]);
    },
  };
}
