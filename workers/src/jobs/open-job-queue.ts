import { createInProcessJobQueue } from './in-process-job-queue.ts';
import type { JobQueue } from './job-queue.ts';
import type { Logger } from '@accommodate/shared-events/logging/logger';

export interface OpenJobQueueOptions {
  /** REDIS_URL, read once by the caller's config; unset means embedded mode. */
  redisUrl?: string | undefined;
  queueName: string;
  prefix?: string | undefined;
  logger?: Logger | undefined;
}

/**
 * BullMQ when Redis is configured, otherwise timers in this process. BullMQ and
 * ioredis load only when chosen, so the one-process mode does not carry them.
 */
export async function openJobQueue(options: OpenJobQueueOptions): Promise<JobQueue> {
  if (options.redisUrl) {
    const { createBullmqJobQueue } = await import('./bullmq-job-queue.ts');
    return createBullmqJobQueue({
      redisUrl: options.redisUrl,
      queueName: options.queueName,
      ...(options.prefix === undefined ? {} : { prefix: options.prefix }),
      logger: options.logger,
    });
  }
  return createInProcessJobQueue({ logger: options.logger });
}
