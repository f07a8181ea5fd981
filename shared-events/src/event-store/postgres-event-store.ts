import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { EventEnvelope, Position } from '../events/envelope.ts';
import { storedMetadataSchema } from '../events/envelope.ts';
import { encodeEvent } from '../events/registry.ts';
import type { AppendResult, EventStore, ExpectedRevision, ReadAllOptions, SubscribeOptions } from './event-store.ts';
import { WrongExpectedRevisionError } from './event-store.ts';
import { CommitNotifier } from './commit-notifier.ts';
import { groupCommit } from './group-commit.ts';
import { eventsOf } from './read-pages.ts';
import { toEnvelope, type LogPage, type PendingRow, type Row } from './stored-rows.ts';
import { channelOf, listeningClient, sharedPool } from '../postgres/postgres-pool.ts';

interface PendingAppend {
  streamId: string;
  expectedRevision: ExpectedRevision;
  rows: PendingRow[];
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

interface AppendOutcome {
  appended: boolean;
  revision: number;
  first_position: bigint | null;
  last_position: bigint | null;
}

const DEFAULT_READ_BATCH = 2_000;
const SUBSCRIPTION_BATCH = 500;
/** A live subscription reads once more after this long without a notification: one lost in a reconnect is made up. */
const FALLBACK_POLL_MS = 1_000;

const COLUMNS = 'position, stream_id, revision, type, data::text, metadata::text, event_id::text, occurred_at';
const expectedCode = (expected: ExpectedRevision): number => (expected === 'no_stream' ? -1 : expected === 'any' ? -2 : expected);

/** A row as `COLUMNS` answers it, in the embedded log's row shape, so both decode alike (stored-rows.ts); positions stay below 2^53. */
const toRow = (row: Record<string, unknown>): Row => [
  Number(row.position),
  String(row.stream_id),
  Number(row.revision),
  String(row.type),
  String(row.data),
  String(row.metadata),
  String(row.event_id),
  String(row.occurred_at),
];

export interface PostgresEventStoreOptions {
  url: string;
  /** How long a live subscription waits for a notification before it reads anyway. */
  pollIntervalMs?: number;
}

/**
 * The event log in PostgreSQL (event-log-schema.ts says how positions stay gap-free to readers). Appends made in the
 * same tick or while a batch is under way share the next call of `accommodate_append`: one transaction, one lock,
 * one fsync. Live subscriptions are woken by LISTEN/NOTIFY on a connection of their own and read what landed after
 * their position; a slow poll covers a notification lost while that connection was down.
 */
export async function openPostgresEventStore(options: PostgresEventStoreOptions): Promise<EventStore> {
  const shared = await sharedPool(options.url);
  const pool = shared.pool;
  const pollIntervalMs = options.pollIntervalMs ?? FALLBACK_POLL_MS;
  const notifier = new CommitNotifier();
  let closed = false;

  let listener: pg.Client | null = null;
  let listening: Promise<void> | null = null;
  /**
   * LISTEN is started by the first subscriber (a process that only appends needs no second connection), and again
   * after its connection is lost; meanwhile the fallback poll keeps subscriptions reading.
   */
  const listen = (): Promise<void> =>
    (listening ??= (async () => {
      const client = listeningClient(options.url);
      const lost = (): void => {
        if (listener !== client) return;
        listener = null;
        listening = null;
        notifier.notify();
      };
      listener = client;
      client.on('error', lost);
      client.on('end', lost);
      client.on('notification', () => notifier.notify());
      await client.connect();
      await client.query(`LISTEN "${channelOf(shared.schema, 'events')}"`);
    })().catch((error: unknown) => {
      listener = null;
      listening = null;
      throw error;
    }));

  async function commit(batch: PendingAppend[]): Promise<void> {
    const flat = batch.flatMap((append) => append.rows);
    try {
      const { rows } = await pool.query<AppendOutcome>(
        'SELECT appended, revision, first_position, last_position FROM accommodate_append($1, $2, $3, $4, $5, $6, $7, $8)',
        [
          batch.map((append) => append.streamId),
          batch.map((append) => expectedCode(append.expectedRevision)),
          batch.map((append) => append.rows.length),
          flat.map((row) => row.storedType),
          flat.map((row) => row.data),
          flat.map((row) => row.metadata),
          flat.map((row) => row.eventId),
          flat.map((row) => row.occurredAt),
        ],
      );
      batch.forEach((append, i) => {
        const outcome = rows[i]!;
        if (!outcome.appended) return append.reject(new WrongExpectedRevisionError(append.streamId, append.expectedRevision, outcome.revision));
        append.resolve({ nextRevision: outcome.revision, position: outcome.last_position ?? 0n });
      });
    } catch (error) {
      for (const append of batch) append.reject(error);
    }
  }
  const commits = groupCommit<PendingAppend>(commit);

  function assertOpen(): void {
    if (closed) throw new Error('The event store is closed');
  }

  async function readPage(after: Position, limit: number): Promise<LogPage> {
    const { rows } = await pool.query(`SELECT ${COLUMNS} FROM events WHERE position > $1 ORDER BY position LIMIT $2`, [after.toString(), limit]);
    const envelopes: EventEnvelope[] = [];
    let last = after;
    for (const raw of rows as Record<string, unknown>[]) {
      last = raw.position as bigint;
      const envelope = toEnvelope(toRow(raw));
      if (envelope) envelopes.push(envelope);
    }
    return { envelopes, last, count: rows.length };
  }

  async function* readPages(readOptions: ReadAllOptions = {}): AsyncGenerator<EventEnvelope[]> {
    const batchSize = readOptions.batchSize ?? DEFAULT_READ_BATCH;
    let after = readOptions.after ?? 0n;
    for (;;) {
      assertOpen();
      const page = await readPage(after, batchSize);
      if (page.envelopes.length > 0) yield page.envelopes;
      if (page.count < batchSize) return;
      after = page.last;
    }
  }

  /** What was committed after `from` and not yet yielded, a page at a time; then waits for a notification. */
  async function* livePages({ after: from, signal, maxPage }: SubscribeOptions & { maxPage: number }): AsyncGenerator<EventEnvelope[]> {
    let after = from ?? 0n;
    while (!closed && !signal?.aborted) {
      if (!closed) await listen().catch(() => undefined);
      // Registered before reading: a commit during the read still wakes the wait below.
      const next = notifier.nextCommit(signal, pollIntervalMs);
      try {
        for (;;) {
          if (closed || signal?.aborted) return;
          const page = await readPage(after, maxPage);
          if (closed || signal?.aborted) return;
          if (page.envelopes.length > 0) yield page.envelopes;
          after = page.last;
          if (page.count < maxPage) break;
        }
        await next.wait;
      } finally {
        next.cancel();
      }
    }
  }

  async function* untilStopped(pages: AsyncIterable<EventEnvelope[]>, signal: AbortSignal | undefined): AsyncGenerator<EventEnvelope> {
    for await (const page of pages) {
      for (const envelope of page) {
        if (closed || signal?.aborted) return;
        yield envelope;
      }
    }
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
      return new Promise<AppendResult>((resolve, reject) => commits.add({ streamId, expectedRevision, rows, resolve, reject }));
    },

    async readStream(streamId) {
      assertOpen();
      const { rows } = await pool.query(`SELECT ${COLUMNS} FROM events WHERE stream_id = $1 ORDER BY revision`, [streamId]);
      const envelopes: EventEnvelope[] = [];
      for (const raw of rows as Record<string, unknown>[]) {
        const envelope = toEnvelope(toRow(raw));
        if (envelope) envelopes.push(envelope);
      }
      return envelopes;
    },

    readAll: (readOptions: ReadAllOptions = {}) => eventsOf(readPages(readOptions)),

    readPages,

    subscribeToAll: (subscribeOptions: SubscribeOptions = {}) =>
      untilStopped(livePages({ ...subscribeOptions, maxPage: SUBSCRIPTION_BATCH }), subscribeOptions.signal),

    subscribeToAllPages: livePages,

    async headPosition() {
      assertOpen();
      const { rows } = await pool.query<{ head: bigint | null }>('SELECT max(position) AS head FROM events');
      return rows[0]?.head ?? null;
    },

    async ping() {
      assertOpen();
      await pool.query('SELECT 1');
    },

    async close() {
      if (closed) return;
      closed = true;
      // Appends already accepted are committed, not dropped.
      await commits.drain();
      notifier.notify();
      if (listening) await listening.catch(() => undefined);
      const client = listener;
      listener = null;
      await client?.end().catch(() => undefined);
      await shared.release();
    },
  };
}
