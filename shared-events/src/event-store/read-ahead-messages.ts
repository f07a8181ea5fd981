import type { EventEnvelope } from '../events/envelope.ts';

/** What read-ahead.ts hands its thread (read-ahead-worker.ts) at start. */
export interface ReadAheadData {
  dataDir: string;
  /** Position as a string, or null for the start of the log. */
  after: string | null;
  pageSize: number;
  depth: number;
}

/** What the thread posts back: a page, the end of the log, or why it stopped (name and message only). */
export type ReadAheadMessage = { page: EventEnvelope[] } | { done: true } | { failed: { name: string; message: string } };
