import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import type { EventEnvelope, Position, StoredMetadata } from '../events/envelope.ts';
import { storedMetadataSchema } from '../events/envelope.ts';
import { decodeEvent, encodeEvent, UnknownEventTypeError } from '../events/registry.ts';
import type { AppendResult, EventStore, ExpectedRevision, ReadAllOptions, SubscribeOptions } from './event-store.ts';
import { WrongExpectedRevisionError } from './event-store.ts';
import { CommitNotifier } from './commit-notifier.ts';

export interface EmbeddedEventStoreOptions {
  /** Path of the SQLite file; created when missing. */
  file: string;
  /** How often a live subscription re-checks the file, to see appends made by another process. */
  pollIntervalMs?: number;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position    INTEGER PRIMARY KEY AUTOINCREMENT,
    stream_id   TEXT    NOT NULL,
    revision    INTEGER NOT NULL,
    type        TEXT    NOT NULL,
    data        TEXT    NOT NULL,
    metadata    TEXT    NOT NULL,
    event_id    TEXT    NOT NULL UNIQUE,
    occurred_at TEXT    NOT NULL,
    UNIQUE (stream_id, revision)
  );
`;

const COLUMNS = 'position, stream_id, revision, type, data, metadata, event_id, occurred_at';
type Row = [position: number, streamId: string, revision: number, type: string, data: string, metadata: string, eventId: string, occurredAt: string];

interface PendingRow {
  storedType: string;
  data: string;
  metadata: string;
  eventId: string;
  occurredAt: string;
}

interface PendingAppend {
  streamId: string;
  expectedRevision: ExpectedRevision;
  rows: PendingRow[];
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; result: AppendResult } | { ok: false; error: unknown };

const DEFAULT_READ_BATCH = 2_000;
const SUBSCRIPTION_BATCH = 500;

function matchesExpected(expected: ExpectedRevision, current: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return current === -1;
  return expected === current;
}

// Events of one append share their metadata text, so a replay parses it once per append, not per event.
let lastMetadataText = '';
let lastMetadata: StoredMetadata | null = null;
function parseMetadata(text: string): StoredMetadata {
  if (text !== lastMetadataText || !lastMetadata) {
    // Validated with storedMetadataSchema on the way in; re-parsing it with zod would halve replay speed.
    lastMetadata = JSON.parse(text) as StoredMetadata;
    lastMetadataText = text;
  }
  return lastMetadata;
}

/** Upcasts one stored row; null for a type this build no longer knows (skipped, as on EventStoreDB). */
function toEnvelope(row: Row): EventEnvelope | null {
  let decoded: ReturnType<typeof decodeEvent>;
  try {
    decoded = decodeEvent(row[3], JSON.parse(row[4]));
  } catch (error) {
    if (error instanceof UnknownEventTypeError) return null;
    throw error;
  }
  const metadata = parseMetadata(row[5]);
  return {
    eventId: row[6],
    type: decoded.type,
    data: decoded.data,
    streamId: row[1],
    revision: row[2],
    position: BigInt(row[0]),
    occurredAt: row[7],
    actor: { userId: metadata.actor.userId },
    correlationId: metadata.correlationId,
    causationId: metadata.causationId,
    schemaVersion: decoded.schemaVersion,
  };
}

/**
 * The embedded event store: one SQLite file in WAL mode with synchronous=FULL, so an append
 * resolves only after its commit is on disk. Appends that arrive in the same tick share one
 * transaction (one fsync), each inside its own savepoint, so each keeps its own
 * expected-revision check and its own success or failure.
 */
export function openEmbeddedEventStore(options: EmbeddedEventStoreOptions): EventStore {
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const db = new Database(options.file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  // Replays read the whole file sequentially: memory-mapped pages speed them up. Mapped pages a
  // process touches count towards its RSS, so the window and the page cache stay modest.
  db.pragma('mmap_size = 67108864');
  db.pragma('cache_size = -16384');
  db.exec(SCHEMA);

  const selectCurrentRevision = db.prepare('SELECT MAX(revision) FROM events WHERE stream_id = ?').pluck();
  const selectStreamLastPosition = db.prepare('SELECT MAX(position) FROM events WHERE stream_id = ?').pluck();
  const insertEvent = db.prepare(
    'INSERT INTO events (stream_id, revision, type, data, metadata, event_id, occurred_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const selectStream = db.prepare(`SELECT ${COLUMNS} FROM events WHERE stream_id = ? ORDER BY revision`).raw();
  const selectAfter = db.prepare(`SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`).raw();
  const selectHead = db.prepare('SELECT MAX(position) FROM events').pluck();
  const selectOne = db.prepare('SELECT 1').pluck();

  const notifier = new CommitNotifier();
  let closed = false;
  let pending: PendingAppend[] = [];
  let flushScheduled = false;

  // Nested better-sqlite3 transactions are savepoints: a conflict rolls back only its own append.
  const commitOne = db.transaction((append: PendingAppend): AppendResult => {
    const current = (selectCurrentRevision.get(append.streamId) as number | null) ?? -1;
    if (!matchesExpected(append.expectedRevision, current)) {
      throw new WrongExpectedRevisionError(append.streamId, append.expectedRevision, current);
    }
    let revision = current;
    let position: Position = BigInt((selectStreamLastPosition.get(append.streamId) as number | null) ?? 0);
    for (const row of append.rows) {
      revision += 1;
      const info = insertEvent.run(append.streamId, revision, row.storedType, row.data, row.metadata, row.eventId, row.occurredAt);
      position = BigInt(info.lastInsertRowid);
    }
    return { nextRevision: revision, position };
  });

  const commitBatch = db.transaction((batch: PendingAppend[]): Outcome[] =>
    batch.map((append) => {
      try {
        return { ok: true, result: commitOne(append) };
      } catch (error) {
        return { ok: false, error };
      }
    }),
  );

  function flush(): void {
    flushScheduled = false;
    const batch = pending;
    pending = [];
    if (batch.length === 0) return;
    let outcomes: Outcome[];
    try {
      // IMMEDIATE takes the write lock before reading revisions, so another process cannot slip in between.
      outcomes = commitBatch.immediate(batch);
    } catch (error) {
      for (const append of batch) append.reject(error);
      return;
    }
    outcomes.forEach((outcome, i) => {
      const append = batch[i]!;
      if (outcome.ok) append.resolve(outcome.result);
      else append.reject(outcome.error);
    });
    notifier.notify();
  }

  function assertOpen(): void {
    if (closed) throw new Error('The event store is closed');
  }

  /** One page of the log after a position; `last` advances past skipped unknown types too. */
  function readPage(after: Position, limit: number): { envelopes: EventEnvelope[]; last: Position; count: number } {
    const rows = selectAfter.all(after, limit) as Row[];
    const envelopes: EventEnvelope[] = [];
    for (const row of rows) {
      const envelope = toEnvelope(row);
      if (envelope) envelopes.push(envelope);
    }
    const lastRow = rows[rows.length - 1];
    return { envelopes, last: lastRow ? BigInt(lastRow[0]) : after, count: rows.length };
  }

  return {
    async append(streamId, events, { expectedRevision, actor, correlationId, causationId }) {
      assertOpen();
      const occurredAt = new Date().toISOString();
      const metadata = JSON.stringify(storedMetadataSchema.parse({ actor, correlationId, causationId, occurredAt }));
      // Encoding validates the data, so a bad event fails its own append before it joins a batch.
      const rows = events.map((event): PendingRow => {
        const { storedType, data } = encodeEvent(event);
        return { storedType, data: JSON.stringify(data), metadata, eventId: randomUUID(), occurredAt };
      });
      return new Promise<AppendResult>((resolve, reject) => {
        pending.push({ streamId, expectedRevision, rows, resolve, reject });
        if (!flushScheduled) {
          flushScheduled = true;
          setImmediate(flush);
        }
      });
    },

    async readStream(streamId) {
      assertOpen();
      const envelopes: EventEnvelope[] = [];
      for (const row of selectStream.all(streamId) as Row[]) {
        const envelope = toEnvelope(row);
        if (envelope) envelopes.push(envelope);
      }
      return envelopes;
    },

    async *readAll(readOptions: ReadAllOptions = {}) {
      const batchSize = readOptions.batchSize ?? DEFAULT_READ_BATCH;
      let after = readOptions.after ?? 0n;
      for (;;) {
        assertOpen();
        const page = readPage(after, batchSize);
        yield* page.envelopes;
        if (page.count < batchSize) return;
        after = page.last;
      }
    },

    async *subscribeToAll(subscribeOptions: SubscribeOptions = {}) {
      const { signal } = subscribeOptions;
      let after = subscribeOptions.after ?? 0n;
      while (!closed && !signal?.aborted) {
        // Registered before reading: a commit during the read still wakes the wait below.
        const next = notifier.nextCommit(signal, pollIntervalMs);
        try {
          for (;;) {
            if (closed || signal?.aborted) return;
            const page = readPage(after, SUBSCRIPTION_BATCH);
            for (const envelope of page.envelopes) {
              if (closed || signal?.aborted) return;
              yield envelope;
            }
            after = page.last;
            if (page.count < SUBSCRIPTION_BATCH) break;
          }
          await next.wait;
        } finally {
          next.cancel();
        }
      }
    },

    async headPosition() {
      assertOpen();
      const head = selectHead.get() as number | null;
      return head === null ? null : BigInt(head);
    },

    async ping() {
      assertOpen();
      selectOne.get();
    },

    async close() {
      if (closed) return;
      // Appends already accepted are committed, not dropped.
      flush();
      closed = true;
      notifier.notify();
      db.close();
    },
  };
}
