/**
 * The embedded stores' durable writes, on one worker thread per process (sqlite-writer-thread.ts):
 * event appends (events.sqlite) and new subject keys (keys.sqlite), each batch in one transaction with
 * synchronous=FULL. The fsync happens here, so the event loop serving requests goes on while the disk
 * syncs, and a commit becomes visible to readers (in any process) only once it is on disk.
 * Plain JavaScript, so the thread starts without the TypeScript loader.
 */
import { randomBytes } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import Database from 'better-sqlite3';

function open(file) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  return db;
}

class WrongRevision extends Error {
  constructor(streamId, expected, actual) {
    super('wrong expected revision');
    this.conflict = { streamId, expected, actual };
  }
}

/** Only what the other side needs to rebuild the error: never the rows' data. */
const describe = (error) =>
  error instanceof WrongRevision
    ? { conflict: error.conflict }
    : { name: error instanceof Error ? error.name : 'Error', message: error instanceof Error ? error.message : String(error), code: error?.code };

const matchesExpected = (expected, current) => expected === 'any' || (expected === 'no_stream' ? current === -1 : expected === current);

/** Appends to events.sqlite (its schema is created by the store before the first append). */
function appender(db) {
  // The stream's last event, found by revision in the (stream_id, revision) index: MAX(position) over a
  // stream walked all of its index entries (19 µs at 500 events, in every append's transaction).
  const selectLastOfStream = db.prepare('SELECT revision, position FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1').raw();
  const selectHead = db.prepare('SELECT MAX(position) FROM events').pluck();
  const insertEvent = db.prepare(
    'INSERT INTO events (stream_id, revision, type, data, metadata, event_id, occurred_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  // Nested better-sqlite3 transactions are savepoints: a conflict rolls back only its own append.
  const commitOne = db.transaction((append) => {
    const [current, lastPosition] = selectLastOfStream.get(append.streamId) ?? [-1, 0];
    if (!matchesExpected(append.expectedRevision, current)) throw new WrongRevision(append.streamId, append.expectedRevision, current);
    let revision = current;
    // An append of nothing answers with the stream's last position; any other with its own rows'.
    let position = lastPosition;
    let first = null;
    for (const row of append.rows) {
      revision += 1;
      position = insertEvent.run(append.streamId, revision, row.storedType, row.data, row.metadata, row.eventId, row.occurredAt).lastInsertRowid;
      first ??= position;
    }
    return { nextRevision: revision, position: String(position), first: first === null ? null : String(first) };
  });
  // The head before the batch tells the store whether another process appended since its last batch.
  const commitBatch = db.transaction((batch) => ({
    headBefore: String(selectHead.get() ?? 0),
    outcomes: batch.map((append) => {
      try {
        return { ok: true, result: commitOne(append) };
      } catch (error) {
        return { ok: false, error: describe(error) };
      }
    }),
  }));
  // IMMEDIATE takes the write lock before reading revisions, so another process cannot slip in between.
  return (batch) => commitBatch.immediate(batch);
}

/**
 * Creates keys in keys.sqlite; INSERT OR IGNORE, so a key another process made first stays. Answers each
 * subject's key as stored (null for a tombstone), read here so that the event loop need not read it again.
 */
function keyMaker(db) {
  const insert = db.prepare('INSERT OR IGNORE INTO subject_keys (subject, key) VALUES (?, ?)');
  const select = db.prepare('SELECT key FROM subject_keys WHERE subject = ?').pluck();
  const insertAll = db.transaction((subjects) => {
    for (const subject of subjects) insert.run(subject, randomBytes(32));
  });
  return (subjects) => {
    insertAll(subjects);
    return subjects.map((subject) => select.get(subject) ?? null);
  };
}

const KINDS = { append: appender, keys: keyMaker };
const handlers = new Map();

parentPort.on('message', ({ id, file, kind, payload }) => {
  try {
    if (kind === 'close') {
      handlers.get(file)?.db.close();
      handlers.delete(file);
      return parentPort.postMessage({ id, reply: null });
    }
    let handler = handlers.get(file);
    if (!handler) {
      const db = open(file);
      handler = { db, run: KINDS[kind](db) };
      handlers.set(file, handler);
    }
    parentPort.postMessage({ id, reply: handler.run(payload) });
  } catch (error) {
    parentPort.postMessage({ id, failed: describe(error) });
  }
});
