import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import type { ReadStore } from '@accommodate/projections/store/read-store';
import type { JobQueue } from '@accommodate/workers/jobs/job-queue';
import type { Logger } from '@accommodate/shared-events/logging/logger';
import type { Mailer } from '@accommodate/workers/notifications/mailer';
import type { RuntimeConfig } from '@accommodate/shared-events/config/runtime-config';
import type { DocumentBlobStore } from '@accommodate/shared-events/storage/document-blob-store';
import type { Limits } from '../auth/limits.ts';
import type { ErasureLedger } from '@accommodate/shared-events/storage/erasure-ledger';

/** Lets a command wait until the read models include its own write, so the next GET sees it. */
export interface ProjectionProgress {
  waitForPosition(position: bigint, timeoutMs: number): Promise<boolean>;
  caughtUp(): Promise<boolean>;
  /** True while this process builds its read models and they do not serve yet (only where it runs the projections). */
  rebuilding?(): boolean;
}

/** Everything a route needs, built once at start-up and passed down. */
export interface AppContext {
  config: RuntimeConfig;
  eventStore: EventStore;
  readStore: ReadStore;
  jobs: JobQueue;
  /**
   * The queue the API nodes themselves consume ('retention'): jobs that need what only they hold beside the event
   * store (the documents' bytes, the outbox): the daily retention erasure and a district's erasure.
   */
  apiJobs: JobQueue;
  /** Uploaded document bytes (files under DATA_DIR, or GridFS). */
  blobs: DocumentBlobStore;
  progress: ProjectionProgress;
  /** SMTP, or .eml files under DATA_DIR/outbox: the account's own mail (verification and reset links) is sent by the API. */
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
  /** Request limits (sign-in, registration, passwords asked again): in Redis when REDIS_URL is set. */
  limits: Limits;
  /** Where each erasure is written down (ERASURE_LEDGER), so that a restore of an older backup makes it again. */
  erasureLedger: ErasureLedger;
}
