import { createBullmqJobQueue } from './bullmq-job-queue.ts';
import { createInProcessJobQueue } from './in-process-job-queue.ts';
import type { JobQueue } from './job-queue.ts';

export interface OpenJobQueueOptions {
  /** REDIS_URL, read once by the caller's config; unset means embedded mode. */
  redisUrl?: string | undefined;
  queueName: string;
  prefix?: string | undefined;
}

/** BullMQ when Redis is configured, otherwise timers in this process. */
export function openJobQueue(options: OpenJobQueueOptions): JobQueue {
  if (options.redisUrl) {
    return createBullmqJobQueue({
      redisUrl: options.redisUrl,
      queueName: options.queueName,
      ...(options.prefix === undefined ? {} : { prefix: options.prefix }),
    });
  }
  return createInProcessJobQueue();
}
