import { createInProcessJobQueue } from './in-process-job-queue.ts';
import { describeJobQueueContract } from './job-queue.contract.ts';

describeJobQueueContract('in-process', () => createInProcessJobQueue({ backoffMs: 20 }));
