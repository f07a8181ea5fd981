import { randomBytes, randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { groupCommit } from './group-commit.ts';
import { sqliteWriter } from './sqlite-writer-thread.ts';
import { truncateWal } from '../sqlite/truncate-wal.ts';
import { createPrivateFileSync } from '../storage/private-files.ts';

/**
 * One AES-256 key per data subject (a student, a user account), kept OUTSIDE the event
 * log so that destroying it is possible: the log is immutable, this store is not.
 * A destroyed key leaves a tombstone, so a late event about the subject is never
 * encrypted under a fresh key that would make it readable again.
 */
export interface SubjectKeyStore {
  /** The subject's key; created on first use when `create`. null once destroyed (or never made and not `create`). */
  keyFor(subjectId: string, options: { create: boolean }): Promise<Buffer | null>;
  /**
   * The keys of many subjects in one query (a replay reads thousands): each subject that has a key
   * or a tombstone (null) is in the map; subjects never seen are left out. Creates nothing.
   */
  keysFor?(subjectIds: readonly string[]): Promise<Map<string, Buffer | null>>;
  /**
   * A fresh subject id whose key is already durable, where the store can make keys ahead: a new subject's
   * first append then waits for one commit (the event's) instead of two in a row. Without it, a caller
   * makes its own id and `keyFor(id, { create: true })` commits the key on the way.
   */
  newSubjectId?: () => Promise<string>;
  /** Destroys the key for good. Idempotent. */
  destroy(subjectId: string): Promise<void>;
  close(): Promise<void>;
}

/** How many subject ids the embedded store keeps with their keys committed ahead. */
const KEYS_AHEAD = 128;

export const newSubjectKey = (): Buffer => randomBytes(32);

/**
 * Subject ids whose keys are made ahead, KEYS_AHEAD at a time, refilled at half. An id is handed out only
 * once `makeKeys` resolved for it, so its key is durable. A key whose id is never used (a refused command,
 * a crash) names no one and protects nothing: random bytes under a random id.
 */
export function keysAhead(makeKeys: (subjectIds: string[]) => Promise<Buffer[]>) {
  const ready: { subjectId: string; key: Buffer }[] = [];
  // The keys of ids handed out, so that sealing the new subject's first event reads nothing; an id
  // never used only waits here until newer ones push it out.
  const handedOut = new Map<string, Buffer>();
  let refilling: Promise<void> | null = null;
  const refill = (): Promise<void> => {
    if (refilling) return refilling;
    const ids = Array.from({ length: KEYS_AHEAD }, () => randomUUID());
    refilling = makeKeys(ids)
      .then((keys) => ids.forEach((subjectId, i) => ready.push({ subjectId, key: keys[i]! })))
      .finally(() => (refilling = null));
    return refilling;
  };
  return {
    // A property, not a method: stores hand it on unbound as their `newSubjectId`.
    next: async (): Promise<string> => {
      // A failed refill in the background shows at the next caller that has to wait for one.
      if (ready.length < KEYS_AHEAD / 2) refill().catch(() => undefined);
      while (ready.length === 0) await refill();
      const { subjectId, key } = ready.pop()!;
      handedOut.set(subjectId, key);
      if (handedOut.size > 4 * KEYS_AHEAD) handedOut.delete(handedOut.keys().next().value!);
      return subjectId;
    },
    /** The key of an id this store handed out and nobody used yet, once. */
    take(subjectId: string): Buffer | undefined {
      const key = handedOut.get(subjectId);
      handedOut.delete(subjectId);
      return key;
    },
    settled: async (): Promise<void> => void (await refilling?.catch(() => undefined)),
  };
}

const asBuffer = (bytes: Uint8Array | null): Buffer | null => (bytes === null ? null : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

/**
 * The embedded key store: `<dataDir>/keys.sqlite`. secure_delete zeroes a destroyed key's
 * bytes in the file, and the WAL is checkpointed and truncated at once, so no old page
 * with the key survives in the -wal file either.
 */
export function openSqliteSubjectKeyStore(file: string): SubjectKeyStore {
  if (file !== ':memory:') createPrivateFileSync(file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('secure_delete = ON');
  db.pragma('busy_timeout = 5000');
  db.exec('CREATE TABLE IF NOT EXISTS subject_keys (subject TEXT PRIMARY KEY, key BLOB, destroyed_at TEXT)');
  const select = db.prepare<[string], { key: Buffer | null }>('SELECT key FROM subject_keys WHERE subject = ?');
  const selectMany = db.prepare<[string], { subject: string; key: Buffer | null }>(
    'SELECT subject, key FROM subject_keys WHERE subject IN (SELECT value FROM json_each(?))',
  );
  const tombstone = db.prepare(
    `INSERT INTO subject_keys (subject, key, destroyed_at) VALUES (?, NULL, ?)
     ON CONFLICT (subject) DO UPDATE SET key = NULL, destroyed_at = excluded.destroyed_at`,
  );
  // New keys are committed on the process's SQLite writer thread (sqlite-writer.mjs), so their fsync does
  // not stall the event loop; keys asked for while a commit is under way, or in the same tick, share the
  // next transaction (one fsync), as the event store's appends do.
  // The thread answers each key as stored after its INSERT OR IGNORE: another process creating the same key at once
  // wins for both. Keys cross the thread boundary as plain Uint8Arrays.
  const writer = sqliteWriter<string[], (Uint8Array | null)[]>(file, 'keys');
  const creates = groupCommit<{ subjectId: string; resolve(key: Buffer | null): void; reject(error: unknown): void }>((batch) =>
    writer.write(batch.map((p) => p.subjectId)).then(
      (keys) => batch.forEach((p, i) => p.resolve(asBuffer(keys[i] ?? null))),
      (error: unknown) => batch.forEach((p) => p.reject(error)),
    ),
  );
  const ahead = keysAhead(async (ids) => (await writer.write(ids)).map((key) => asBuffer(key)!));
  return {
    newSubjectId: ahead.next,
    async keyFor(subjectId, { create }) {
      const madeAhead = ahead.take(subjectId);
      if (madeAhead) return madeAhead;
      const row = select.get(subjectId);
      if (row) return row.key;
      if (!create) return null;
      return new Promise<Buffer | null>((resolve, reject) => creates.add({ subjectId, resolve, reject }));
    },
    async keysFor(subjectIds) {
      return new Map(selectMany.all(JSON.stringify(subjectIds)).map((row) => [row.subject, row.key] as const));
    },
    async destroy(subjectId) {
      ahead.take(subjectId);
      tombstone.run(subjectId, new Date().toISOString());
      await truncateWal(db);
    },
    async close() {
      await ahead.settled();
      await creates.drain();
      await writer.close();
      if (db.open) db.close();
    },
  };
}

/** The distributed key store: a MongoDB collection `subject_keys` beside the read models. */
export async function openMongoSubjectKeyStore(url: string): Promise<SubjectKeyStore> {
  const { MongoClient, Binary } = await import('mongodb');
  const client = new MongoClient(url);
  await client.connect();
  const dbName = /^mongodb(?:\+srv)?:\/\/[^/]+\/([^?]+)/.exec(url)?.[1] ?? 'accommodate';
  const keys = client.db(dbName).collection<{ _id: string; key: InstanceType<typeof Binary> | null; destroyedAt?: string }>('subject_keys');
  const read = async (subjectId: string) => {
    const doc = await keys.findOne({ _id: subjectId });
    if (!doc) return undefined;
    return doc.key ? Buffer.from(doc.key.buffer) : null;
  };
  const ahead = keysAhead(async (ids) => {
    const made = ids.map(() => newSubjectKey());
    await keys.insertMany(ids.map((_id, i) => ({ _id, key: new Binary(made[i]) })));
    return made;
  });
  return {
    newSubjectId: ahead.next,
    async keyFor(subjectId, { create }) {
      const madeAhead = ahead.take(subjectId);
      if (madeAhead) return madeAhead;
      const found = await read(subjectId);
      if (found !== undefined) return found;
      if (!create) return null;
      // $setOnInsert: of two nodes creating at once, the first key stays for both.
      await keys.updateOne({ _id: subjectId }, { $setOnInsert: { key: new Binary(newSubjectKey()) } }, { upsert: true });
      return (await read(subjectId)) ?? null;
    },
    async keysFor(subjectIds) {
      const found = await keys.find({ _id: { $in: [...subjectIds] } }).toArray();
      return new Map(found.map((doc) => [doc._id, doc.key ? Buffer.from(doc.key.buffer) : null] as const));
    },
    async destroy(subjectId) {
      ahead.take(subjectId);
      await keys.updateOne({ _id: subjectId }, { $set: { key: null, destroyedAt: new Date().toISOString() } }, { upsert: true });
    },
    async close() {
      await ahead.settled();
      await client.close();
    },
  };
}
