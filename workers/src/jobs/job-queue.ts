/** A handler per job name; the same handlers run on BullMQ and on the in-process runner. */
export type JobHandlers = Record<string, (data: unknown) => Promise<void>>;

export interface EnqueueOptions {
  /**
   * Deduplicates: a job whose id is already waiting, delayed or running is not added again
   * (one whose every try failed is), and a handler must still be idempotent, since delivery is at least once.
   */
  jobId?: string;
  /** Run no earlier than this many milliseconds from now; 0 or negative runs at once. */
  delayMs?: number;
}

/** What a queue holds now, and what this process saw fail since it started (GET /metrics). */
export interface JobQueueStats {
  /** Due and not yet started. */
  waiting: number;
  /** Waiting for their time (reminders months out, retries backing off). */
  delayed: number;
  active: number;
  /** Jobs kept after failing every try (BullMQ keeps them a week); the in-process queue keeps none. */
  failed: number;
  /** Tries that failed and were tried again, counted by this process since it started. */
  retries: number;
  /** Jobs whose every try failed, counted by this process since it started. */
  failures: number;
}

export interface JobQueue {
  enqueue(name: string, data: unknown, options?: EnqueueOptions): Promise<void>;
  /** Removes a waiting or delayed job; a no-op when it is absent or already running. */
  cancel(jobId: string): Promise<void>;
  /** A recurring job (the daily sweep); upserting the same schedulerId replaces it. */
  schedule(schedulerId: string, everyMs: number, name: string, data: unknown): Promise<void>;
  /** Whether that recurring job still exists: false once a Redis that lost its data is back. */
  hasSchedule(schedulerId: string): Promise<boolean>;
  /**
   * Calls back each time the connection to the queue's store comes back after it was lost
   * (the in-process queue never loses it). Returns the unsubscribe function.
   */
  onReconnect(listener: () => void): () => void;
  /** Starts consuming with these handlers. Producers that never consume need not call it. */
  start(handlers: JobHandlers): Promise<void>;
  ping(): Promise<void>;
  stats(): Promise<JobQueueStats>;
  close(): Promise<void>;
}
