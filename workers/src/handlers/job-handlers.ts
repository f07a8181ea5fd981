import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import type { ReadStore } from '@accommodate/projections/store/read-store';
import type { Logger } from '@accommodate/shared-events/logging/logger';
import type { JobHandlers } from '../jobs/job-queue.ts';

export interface JobDependencies {
  eventStore: EventStore;
  readStore: ReadStore;
  logger: Logger;
  now: () => Date;
}

/**
 * The one set of handlers, whichever queue runs them (BullMQ in the workers
 * service, timers in the one-process mode). Review reminders register here.
 */
export function createJobHandlers(_dependencies: JobDependencies): JobHandlers {
  return {};
}
