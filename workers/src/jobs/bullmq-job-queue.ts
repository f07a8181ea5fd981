import { Queue, UnrecoverableError, Worker } from 'bullmq';
import type { JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { JobHandlers, JobQueue } from './job-queue.ts';
import { connectionErrorReporter, summariseError } from '@accommodate/shared-events/logging/error-summary';
import { createLogger, type Logger } from '@accommodate/shared-events/logging/logger';
import { reconnectWithin500ms } from '@accommodate/shared-events/config/redis-reconnect';

export interface BullmqJobQueueOptions {
  redisUrl: string;
  queueName: string;
  /** BullMQ key prefix; tests use a unique one per run. */
  prefix?: string;
  /** Tries per job, the first included. */
  attempts?: number;
  /** First retry delay; BullMQ doubles it on each further retry. */
  backoffMs?: number;
  /** Jobs one worker process runs at the same time. */
  concurrency?: number;
  /** How long enqueue waits for a Redis that is still connecting before it fails. */
  connectTimeoutMs?: number;
  /** Where failed jobs and Redis errors are logged (class and code only). */
  logger?: Logger | undefined;
}

/** Failed jobs are kept for a week (at most 1,000) so someone can look at them. */
const KEEP_FAILED = { age: 7 * 24 * 3600, count: 1000 };

/**
 * Job queue on BullMQ over ioredis, used when REDIS_URL is set.
 *
 * Two kinds of connection, on purpose:
 * - the producer (enqueue, cancel, schedule; used inside API requests) has
 *   `enableOfflineQueue: false`, so while Redis is down a call fails at once and
 *   the request can answer 503, instead of hanging and piling up commands in memory;
 * - the worker has `maxRetriesPerRequest: null` (BullMQ's production advice), so its
 *   blocking fetch waits through a Redis restart and resumes on reconnect.
 *
 * Completed jobs are removed at once, and a failed one (kept a week for inspection) when
 * its id is enqueued again: a jobId then deduplicates exactly while the job is waiting,
 * delayed or running, which is what the JobQueue contract says and what the in-process
 * queue does.
 */
export function createBullmqJobQueue(options: BullmqJobQueueOptions): JobQueue {
  const { redisUrl, queueName, prefix } = options;
  const connectTimeoutMs = options.connectTimeoutMs ?? 2000;
  const logger = options.logger ?? createLogger('jobs');
  const defaultJobOptions: JobsOptions = {
    attempts: Math.max(1, options.attempts ?? 3),
    backoff: { type: 'exponential', delay: options.backoffMs ?? 1000 },
    removeOnComplete: true,
    removeOnFail: KEEP_FAILED,
  };

  const producer = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, retryStrategy: reconnectWithin500ms });
  producer.on('error', connectionErrorReporter(logger, 'producer Redis error').report);
  const reconnectListeners = new Set<() => void>();
  let wasReady = false;
  // ioredis says 'ready' on the first connection and again after each reconnect.
  producer.on('ready', () => {
    if (wasReady) for (const listener of reconnectListeners) listener();
    wasReady = true;
  });
  const queue = new Queue(queueName, {
    connection: producer,
    ...(prefix === undefined ? {} : { prefix }),
    defaultJobOptions,
  });
  queue.on('error', connectionErrorReporter(logger, 'queue Redis error').report);

  let worker: Worker | undefined;
  let workerConnection: Redis | undefined;
  let closed = false;
  const counted = { retries: 0, failures: 0 };

  /** Enqueueing during start-up waits briefly for the connection; during an outage it fails fast. */
  const whenProducerReady = async (): Promise<void> => {
    if (closed) throw new Error('Job queue is closed');
    if (producer.status === 'ready') return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        producer.off('ready', onReady);
        reject(new Error('Job queue unavailable: Redis is not connected'));
      }, connectTimeoutMs);
      const onReady = (): void => {
        clearTimeout(timer);
        resolve();
      };
      producer.once('ready', onReady);
    });
  };

  return {
    async enqueue(name, data, opts = {}) {
      await whenProducerReady();
      const delay = Math.max(0, opts.delayMs ?? 0);
      if (opts.jobId !== undefined) {
        // A job kept for inspection after its last failed try would make BullMQ ignore the add: enqueueing
        // its id again (the sweep's way to retry what was missed) means try again.
        const failed = await queue.getJob(toBullmqJobId(opts.jobId));
        if (failed && (await failed.isFailed())) await failed.remove();
      }
      await queue.add(name, data, {
        ...(opts.jobId === undefined ? {} : { jobId: toBullmqJobId(opts.jobId) }),
        ...(delay > 0 ? { delay } : {}),
      });
    },

    async cancel(jobId) {
      await whenProducerReady();
      const job = await queue.getJob(toBullmqJobId(jobId));
      if (!job) return;
      const state = await job.getState();
      if (state !== 'waiting' && state !== 'delayed' && state !== 'prioritized') return;
      try {
        await job.remove();
      } catch (error) {
        // It started between getState and remove: a running job is not cancelled.
        if (!(await job.isActive())) throw error;
      }
    },

    async schedule(schedulerId, everyMs, name, data) {
      await whenProducerReady();
      await queue.upsertJobScheduler(
        schedulerId,
        { every: Math.max(1, everyMs) },
        {
          name,
          data,
          opts: {
            attempts: defaultJobOptions.attempts ?? 1,
            ...(defaultJobOptions.backoff === undefined ? {} : { backoff: defaultJobOptions.backoff }),
            removeOnComplete: true,
            removeOnFail: KEEP_FAILED,
          },
        },
      );
    },

    async hasSchedule(schedulerId) {
      await whenProducerReady();
      return (await queue.getJobScheduler(schedulerId)) !== undefined;
    },

    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },

    async start(handlers: JobHandlers) {
      if (closed) throw new Error('Job queue is closed');
      if (worker) throw new Error('Job queue already started');
      workerConnection = new Redis(redisUrl, { maxRetriesPerRequest: null, retryStrategy: reconnectWithin500ms });
      workerConnection.on('error', connectionErrorReporter(logger, 'worker connection Redis error').report);
      worker = new Worker(
        queueName,
        async (job) => {
          const handler = handlers[job.name];
          // No retry can fix a missing handler; fail the job once and keep it for inspection.
          if (!handler) throw new UnrecoverableError(`No handler for job "${job.name}"`);
          await handler(job.data);
        },
        {
          connection: workerConnection,
          ...(prefix === undefined ? {} : { prefix }),
          concurrency: options.concurrency ?? 4,
        },
      );
      worker.on('error', connectionErrorReporter(logger, 'worker Redis error').report);
      worker.on('failed', (job, error) => {
        if (job && job.attemptsMade < (job.opts.attempts ?? 1)) counted.retries += 1;
        else counted.failures += 1;
        const attempt = job ? `attempt ${job.attemptsMade}/${job.opts.attempts ?? 1}` : 'attempt ?';
        logger.error('job failed', { job: job?.name ?? '?', attempt, error: summariseError(error) });
      });
      await worker.waitUntilReady();
    },

    async ping() {
      await whenProducerReady();
      await producer.ping();
    },

    async stats() {
      await whenProducerReady();
      const counts = await queue.getJobCounts('waiting', 'prioritized', 'delayed', 'active', 'failed');
      return {
        waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
        delayed: counts.delayed ?? 0,
        active: counts.active ?? 0,
        failed: counts.failed ?? 0,
        ...counted,
      };
    },

    async close() {
      if (closed) return;
      closed = true;
      // Worker.close waits for running jobs to finish; unfinished ones are retried later.
      await worker?.close();
      await queue.close();
      await Promise.allSettled([quit(workerConnection), quit(producer)]);
    },
  };
}

/**
 * BullMQ refuses ids that look like integers or contain ':'; the in-process queue
 * takes any string. Escaping keeps the mapping one-to-one and ids readable.
 */
export function toBullmqJobId(jobId: string): string {
  return `j_${jobId.replaceAll('%', '%25').replaceAll(':', '%3A')}`;
}

async function quit(client: Redis | undefined): Promise<void> {
  if (!client || client.status === 'end') return;
  try {
    await client.quit();
  } catch {
    client.disconnect();
  }
}
