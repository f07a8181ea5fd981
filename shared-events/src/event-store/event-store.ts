import type { EventEnvelope, EventMetadata, Position } from '../events/envelope.ts';
import type { DomainEvent } from '../events/registry.ts';

/**
 * The revision the stream must be at for an append to succeed:
 * 'no_stream' (it must not exist), 'any', or the zero-based revision of its last event.
 */
export type ExpectedRevision = 'no_stream' | 'any' | number;

export interface AppendResult {
  /** Revision of the last event appended: the stream's new version, used as the ETag. */
  nextRevision: number;
  /** Position of the last event appended. */
  position: Position;
}

export class WrongExpectedRevisionError extends Error {
  override readonly name = 'WrongExpectedRevisionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    /** -1 when the stream does not exist. */
    readonly actual: number,
  ) {
    // No stream ids in the message: they can carry record identifiers that do not belong in logs.
    super(`Expected revision ${String(expected)} but the stream is at ${actual}`);
  }
}

export interface ReadAllOptions {
  /** Exclusive: only events after this position. Absent means from the start. */
  after?: Position | null;
  /** Events fetched per round trip. */
  batchSize?: number;
}

export interface SubscribeOptions {
  after?: Position | null;
  signal?: AbortSignal;
}

export interface EventStore {
  /** Atomically appends the events, or throws WrongExpectedRevisionError. Resolves only once durable. */
  append(
    streamId: string,
    events: readonly DomainEvent[],
    options: { expectedRevision: ExpectedRevision } & EventMetadata,
  ): Promise<AppendResult>;

  /** Every event of one stream, in order, upcast; an empty array when it does not exist. */
  readStream(streamId: string): Promise<EventEnvelope[]>;

  /** Every event after a position, in log order, upcast; ends at the current end of the log. */
  readAll(options?: ReadAllOptions): AsyncIterable<EventEnvelope>;

  /**
   * readAll's events in pages of at most `batchSize`, where the store can hand over a page at once: a
   * bulk reader (a replay) then pays per page what readAll costs per event. `readPagesOf` pages readAll otherwise.
   */
  readPages?(options?: ReadAllOptions): AsyncIterable<EventEnvelope[]>;

  /**
   * readAll's events in pages, read and decoded ahead of the caller on another thread; only where the
   * store can (the embedded log with its key file). For replays, which read the whole log once.
   */
  readAllAhead?(options: { after?: Position | null; pageSize: number }): AsyncIterable<EventEnvelope[]>;

  /** Catches up from a position, then stays live until the signal aborts or the store closes. */
  subscribeToAll(options?: SubscribeOptions): AsyncIterable<EventEnvelope>;

  /**
   * subscribeToAll's events in pages, where the store can: each page is what had been committed and not yet
   * yielded (at most `maxPage` events), so a live reader (a projection) applies a commit as soon as it lands,
   * in the same turn of the event loop, instead of waiting for a pause to know the batch has ended.
   */
  subscribeToAllPages?(options: SubscribeOptions & { maxPage: number }): AsyncIterable<EventEnvelope[]>;

  /**
   * An id for a new data subject (a student, an account) whose crypto-shredding key already exists, where
   * the store can make keys ahead (shredding-event-store.ts); otherwise the caller makes a random UUID.
   */
  newSubjectId?: () => Promise<string>;

  /** Position of the last event in the log, or null when it is empty. */
  headPosition(): Promise<Position | null>;

  /** Readiness probe for /readyz. */
  ping(): Promise<void>;

  close(): Promise<void>;
}
