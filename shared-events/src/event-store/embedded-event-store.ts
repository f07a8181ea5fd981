import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import type { EventEnvelope, Position } from '../events/envelope.ts';
import { storedMetadataSchema } from '../events/envelope.ts';
import { encodeEvent } from '../events/registry.ts';
import type { AppendResult, EventStore, ExpectedRevision, ReadAllOptions, SubscribeOptions } from './event-store.ts';
import { CommitNotifier } from './commit-notifier.ts';
import { groupCommit } from './group-commit.ts';
import { eventsOf } from './read-pages.ts';
import { errorFrom, sqliteWriter, type WriterError } from './sqlite-writer-thread.ts';
import { EVENT_COLUMNS, EVENTS_SCHEMA, toEnvelope, type LogPage, type PendingRow, type Row } from './stored-rows.ts';
import { RecentRows } from './recent-rows.ts';
import { createPrivateFileSync } from '../storage/private-files.ts';

export interface EmbeddedEventStoreOptions {
  /** Path of the SQLite file; created when missing. */
  file: string;
  /** How often a live subscription re-checks the file, to see appends made by another process. */
  pollIntervalMs?: number;
}

/** How often a waiting subscriber looks for commits made by other processes. */
const FOREIGN_COMMIT_CHECK_MS = 20;

interface PendingAppend {
  streamId: string;
  expectedRevision: ExpectedRevision;
  rows: PendingRow[];
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

type WriterOutcome = { ok: true; result: { nextRevision: number; position: string; first: string | null } } | { ok: false; error: WriterError };
type WriterReply = { headBefore: string; outcomes: WriterOutcome[] };
type WrittenAppend = Pick<PendingAppend, 'streamId' | 'expectedRevision' | 'rows'>;

const DEFAULT_READ_BATCH = 2_000;
const SUBSCRIPTION_BATCH = 500;

/**
 * The embedded event store: one SQLite file in WAL mode with synchronous=FULL, so an append
 * resolves only after its commit is on disk. Commits run on the process's writer thread
 * (sqlite-writer.mjs), so the event loop is not stalled by the fsync: appends that arrive
 * while a commit is under way, or in the same tick, share the next transaction (one fsync), each
 * inside its own savepoint, so each keeps its own expected-revision check and its own outcome.
 * Reads use this thread's own connection, which sees a commit once it is durable.
 */
export function openEmbeddedEventStore(options: EmbeddedEventStoreOptions): EventStore {
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  if (options.file !== ':memory:') createPrivateFileSync(options.file);
  const db = new Database(options.file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  // Replays read the whole file sequentially: memory-mapped pages speed them up. Mapped pages a
  // process touches count towards its RSS, so the window and the page cache stay modest.
  db.pragma('mmap_size = 67108864');
  db.pragma('cache_size = -16384');
  db.exec(EVENTS_SCHEMA);

  const selectStream = db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = ? ORDER BY revision`).raw();
  const selectAfter = db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`).raw();
  const selectHead = db.prepare('SELECT MAX(position) FROM events').pluck();
  const selectOne = db.prepare('SELECT 1').pluck();

  const notifier = new CommitNotifier();
  // Commits by other processes on this file (the projections service beside an API node) do not
  // pass through this notifier. SQLite's data_version moves when any other connection commits, so
  // a cheap look at it while someone waits turns the fallback poll into a wake-up within
  // FOREIGN_COMMIT_CHECK_MS: an API waiting for its read model is not held up for a second.
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  let seenDataVersion = dataVersion.get();
  /** How many times the watch below saw the file change under it: each one may be rows that only the file holds. */
  let foreignChanges = 0;
  const foreignCommitWatch = setInterval(() => {
    // This store's own writer thread moves data_version too. While one of its appends is under way, its rows
    // reach the subscribers from memory when it settles; reading the file for them now would decode them twice.
    // A foreign commit in that time is seen by the settling batch (the log's head moved) or at the next tick.
    if (closed || !notifier.waiting || commits.busy) return;
    const current = dataVersion.get();
    if (current === seenDataVersion) return;
    seenDataVersion = current;
    foreignChanges += 1;
    notifier.notify();
  }, FOREIGN_COMMIT_CHECK_MS);
  foreignCommitWatch.unref();
  let closed = false;
  const writer = sqliteWriter<WrittenAppend[], WriterReply>(options.file, 'append');

  /** What this process appended last, for its live subscriptions (recent-rows.ts). */
  const recent = new RecentRows();

  function settle(batch: PendingAppend[], reply: WriterReply): void {
    if (BigInt(reply.headBefore) !== recent.end) recent.startAfter(BigInt(reply.headBefore));
    reply.outcomes.forEach((outcome, i) => {
      const append = batch[i]!;
      if (!outcome.ok) return append.reject(errorFrom(outcome.error));
      const { nextRevision, position, first } = outcome.result;
      if (first !== null) recent.remember(append.streamId, append.rows, BigInt(first), nextRevision);
      append.resolve({ nextRevision, position: BigInt(position) });
    });
    notifier.notify();
  }

  const commits = groupCommit<PendingAppend>((batch) =>
    writer.write(batch.map(({ streamId, expectedRevision, rows }) => ({ streamId, expectedRevision, rows }))).then(
      (reply) => settle(batch, reply),
      (error: unknown) => {
        for (const append of batch) append.reject(error);
      },
    ),
  );

  function assertOpen(): void {
    if (closed) throw new Error('The event store is closed');
  }

  /** One page of the log after a position; `last` advances past skipped unknown types too. */
  function readPage(after: Position, limit: number): LogPage {
    const rows = selectAfter.all(after, limit) as Row[];
    const envelopes: EventEnvelope[] = [];
    for (const row of rows) {
      const envelope = toEnvelope(row);
      if (envelope) envelopes.push(envelope);
    }
    const lastRow = rows[rows.length - 1];
    return { envelopes, last: lastRow ? BigInt(lastRow[0]) : after, count: rows.length };
  }

  async function* readPages(readOptions: ReadAllOptions = {}): AsyncGenerator<EventEnvelope[]> {
    const batchSize = readOptions.batchSize ?? DEFAULT_READ_BATCH;
    let after = readOptions.after ?? 0n;
    for (;;) {
      assertOpen();
      const page = readPage(after, batchSize);
      if (page.envelopes.length > 0) yield page.envelopes;
      if (page.count < batchSize) return;
      after = page.last;
    }
  }

  /** What had been committed after `from` and not yet yielded, a page at a time; then waits for the next commit. */
  async function* livePages({ after: from, signal, maxPage }: SubscribeOptions & { maxPage: number }): AsyncGenerator<EventEnvelope[]> {
    let after = from ?? 0n;
    // `foreignChanges` when this subscription last read the file itself (-1: never). Caught up with the memory
    // window and with every change the watch saw, it has read all there is: no query.
    let fileReadAt = -1;
    while (!closed && !signal?.aborted) {
      // Registered before reading: a commit during the read still wakes the wait below.
      const next = notifier.nextCommit(signal, pollIntervalMs);
      try {
        for (;;) {
          if (closed || signal?.aborted) return;
          let page = recent.page(after, maxPage);
          if (!page) {
            if (after === recent.end && fileReadAt === foreignChanges) break;
            fileReadAt = foreignChanges;
            page = readPage(after, maxPage);
          }
          if (page.envelopes.length > 0) yield page.envelopes;
          after = page.last;
          if (page.count < maxPage) break;
        }
        // The fallback poll is for whatever the watch may have missed: read the file once more.
        if ((await next.wait) === 'timeout') fileReadAt = -1;
      } finally {
        next.cancel();
      }
    }
  }

  /** Pages flattened, stopping between any two events once the store closes or the signal aborts. */
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
      return new Promise<AppendResult>((resolve, reject) => {
        commits.add({ streamId, expectedRevision, rows, resolve, reject });
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

    readAll: (readOptions: ReadAllOptions = {}) => eventsOf(readPages(readOptions)),

    readPages,

    subscribeToAll: (subscribeOptions: SubscribeOptions = {}) => untilStopped(livePages({ ...subscribeOptions, maxPage: SUBSCRIPTION_BATCH }), subscribeOptions.signal),

    subscribeToAllPages: livePages,

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
      closed = true;
      clearInterval(foreignCommitWatch);
      // Appends already accepted are committed, not dropped.
      await commits.drain();
      await writer.close();
      notifier.notify();
      db.close();
    },
  };
}
