import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { Position } from '@accommodate/shared-events/events/envelope';
import { FALLBACK_AUTOCHECKPOINT_PAGES, startWalCheckpointer } from '@accommodate/shared-events/sqlite/wal-checkpointer';
import { truncateWal } from '@accommodate/shared-events/sqlite/truncate-wal';
import { BuildNotFoundError } from './build-not-found-error.ts';
import type {
  ActiveBuild,
  BuildRef,
  Collection,
  Doc,
  Filter,
  FindOptions,
  ReadStore,
  StateCollection,
  Write,
} from './read-store.ts';
import { filterKey, filterKeys } from './filter-match.ts';
import { keptUnderStamp } from './kept-under-stamp.ts';

/**
 * Read models in one SQLite file. Each physical collection is a table (id, doc JSON).
 *
 * Filtering: a field used in a filter is indexed lazily, the first time a find or
 * count filters by it, in a side table `<table>__keys` (field, key, id) that holds
 * one row per value of the field, or per element when it is an array. That gives
 * equality and "array contains" (MongoDB's semantics) through one B-tree lookup,
 * e.g. the students of one owner among thousands. The indexed fields are recorded
 * in `filter_indexes`, and a new build inherits those of the build it will replace,
 * so the swap does not pay for a backfill.
 *
 * Durability: WAL with synchronous=NORMAL; a read model can be rebuilt from the log,
 * and the checkpoint moves in the same transaction as the documents. The WAL is copied back into
 * the file by a checkpointer thread, not inside the commits of the event loop.
 */
export interface EmbeddedReadStoreOptions {
  file: string;
}

interface TableHandle {
  physical: string;
  fields: string[];
  get(id: string): { doc: string } | undefined;
  put(id: string, doc: string): void;
  remove(id: string): void;
  removeKeys?: Statement<[string]>;
  insertKey?: Statement<[string, string, string]>;
}

interface BuildRow {
  projection: string;
  build: string;
  version: number;
  checkpoint: string | null;
  active: number;
  created: number;
}

const CHECKPOINT_DIGITS = 20;
/** Zero-padded, so that text order is numeric order (positions reach 2^64). */
const encodeCheckpoint = (position: Position): string => position.toString().padStart(CHECKPOINT_DIGITS, '0');
const decodeCheckpoint = (text: string | null): Position | null => (text === null ? null : BigInt(text));

const slug = (name: string): string => name.replace(/[^A-Za-z0-9]/g, '_').slice(0, 40);
const quote = (identifier: string): string => `"${identifier.replace(/"/g, '""')}"`;

/** SQLite's answer to a statement on a table another connection (or this one) has dropped. */
const isMissingTable = (error: unknown): boolean => error instanceof Error && error.message.startsWith('no such table');
const fieldPath = (field: string): string => `$."${field.replace(/"/g, '\\"')}"`;

export function openEmbeddedReadStore(options: EmbeddedReadStoreOptions): ReadStore & { truncateWal(): Promise<void> } {
  if (options.file !== ':memory:') mkdirSync(dirname(options.file), { recursive: true });
  const db: SqliteDatabase = new Database(options.file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // Deleted rows (an erased student) are zeroed in the file, not left in free pages.
  db.pragma('secure_delete = ON');
  db.pragma('busy_timeout = 5000');
  // A larger page cache keeps a rebuild's lookups off the disk (negative: KiB).
  db.pragma('cache_size = -16000');
  const checkpointer = options.file === ':memory:' ? null : startWalCheckpointer(options.file);
  if (checkpointer) db.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  db.exec(`
    CREATE TABLE IF NOT EXISTS builds (
      projection TEXT NOT NULL,
      build TEXT NOT NULL,
      version INTEGER NOT NULL,
      checkpoint TEXT,
      active INTEGER NOT NULL DEFAULT 0,
      created INTEGER NOT NULL,
      PRIMARY KEY (projection, build)
    );
    CREATE UNIQUE INDEX IF NOT EXISTS builds_one_active ON builds (projection) WHERE active = 1;
    CREATE TABLE IF NOT EXISTS build_collections (
      projection TEXT NOT NULL,
      build TEXT NOT NULL,
      collection TEXT NOT NULL,
      physical TEXT NOT NULL UNIQUE,
      PRIMARY KEY (projection, build, collection)
    );
    CREATE INDEX IF NOT EXISTS build_collections_by_name ON build_collections (collection);
    CREATE TABLE IF NOT EXISTS filter_indexes (
      physical TEXT NOT NULL,
      field TEXT NOT NULL,
      PRIMARY KEY (physical, field)
    );
  `);

  /**
   * What `changeStamp` is made of: SQLite's data_version moves when another connection commits (another
   * process, a second store on the file), and `ownWrites` when this one does (data_version does not count
   * a connection's own commits). Every write here goes through writeTransaction.
   */
  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  let ownWrites = 0;
  const changeStamp = (): string => `${dataVersion.get()!}.${ownWrites}`;

  /**
   * Each projection's active build and checkpoint, asked for at every cached list read (read-model-cache.ts):
   * kept while the change stamp stays, which costs a third of the query.
   */
  const activeBuilds = keptUnderStamp<string, BuildRow | undefined>(changeStamp);
  function activeBuildRow(projection: string): BuildRow | undefined {
    const stamp = activeBuilds.stamp();
    if (activeBuilds.has(projection)) return activeBuilds.get(projection);
    const row = statements.activeBuild.get(projection);
    activeBuilds.keep(projection, row, stamp);
    return row;
  }

  /**
   * Every write transaction here begins IMMEDIATE. A deferred one reads first (the build row, the indexed fields)
   * and then asks for the write lock; SQLite answers that upgrade with SQLITE_BUSY at once, without the busy
   * timeout, whenever another connection is writing (another process's runner or API node, the checkpointer
   * thread's pass), which surfaced as a 500 on sign-up in the multi-process crash test.
   */
  function writeTransaction<Args extends unknown[], Result>(fn: (...args: Args) => Result): (...args: Args) => Result {
    const transaction = db.transaction(fn);
    return (...args) => {
      try {
        return transaction.immediate(...args);
      } finally {
        ownWrites += 1;
      }
    };
  }

  const statements = {
    build: db.prepare<[string, string], BuildRow>('SELECT * FROM builds WHERE projection = ? AND build = ?'),
    activeBuild: db.prepare<[string], BuildRow>('SELECT * FROM builds WHERE projection = ? AND active = 1'),
    activePhysical: db.prepare<[string], { physical: string }>(
      `SELECT c.physical FROM build_collections c
       JOIN builds b ON b.projection = c.projection AND b.build = c.build AND b.active = 1
       WHERE c.collection = ?`,
    ),
    buildPhysical: db.prepare<[string, string, string], { physical: string }>(
      'SELECT physical FROM build_collections WHERE projection = ? AND build = ? AND collection = ?',
    ),
    otherOwner: db.prepare<[string, string], { projection: string }>(
      'SELECT projection FROM build_collections WHERE collection = ? AND projection != ? LIMIT 1',
    ),
    nextCreated: db.prepare<[], { next: number }>('SELECT COALESCE(MAX(created), 0) + 1 AS next FROM builds'),
    insertBuild: db.prepare<[string, string, number, number]>(
      'INSERT INTO builds (projection, build, version, checkpoint, active, created) VALUES (?, ?, ?, NULL, 0, ?)',
    ),
    insertBuildCollection: db.prepare<[string, string, string, string]>(
      'INSERT INTO build_collections (projection, build, collection, physical) VALUES (?, ?, ?, ?)',
    ),
    setCheckpoint: db.prepare<[string, string, string]>('UPDATE builds SET checkpoint = ? WHERE projection = ? AND build = ?'),
    deactivate: db.prepare<[string]>('UPDATE builds SET active = 0 WHERE projection = ? AND active = 1'),
    activate: db.prepare<[string, string]>('UPDATE builds SET active = 1 WHERE projection = ? AND build = ?'),
    replaced: db.prepare<[string, string, string, number], { build: string }>(
      `SELECT build FROM builds WHERE projection = ? AND build != ? AND (build = ? OR (active = 0 AND created < ?))`,
    ),
    physicalsOfBuild: db.prepare<[string, string], { collection: string; physical: string }>(
      'SELECT collection, physical FROM build_collections WHERE projection = ? AND build = ?',
    ),
    deleteBuildCollections: db.prepare<[string, string]>('DELETE FROM build_collections WHERE projection = ? AND build = ?'),
    deleteBuild: db.prepare<[string, string]>('DELETE FROM builds WHERE projection = ? AND build = ?'),
    indexedFields: db.prepare<[string], { field: string }>('SELECT field FROM filter_indexes WHERE physical = ? ORDER BY field'),
    insertIndexedField: db.prepare<[string, string]>('INSERT OR IGNORE INTO filter_indexes (physical, field) VALUES (?, ?)'),
    deleteIndexedFields: db.prepare<[string]>('DELETE FROM filter_indexes WHERE physical = ?'),
  };

  const handles = new Map<string, TableHandle>();
  /**
   * Tables being bulk-loaded by this process (a replay into a build it created): they have no id
   * index yet, so each insert does not touch a B-tree of random UUIDs; the ids' rowids are kept here
   * instead. The unique id index is built once, in finishBuild.
   */
  const bulkRowids = new Map<string, Map<string, number | bigint>>();
  const queries = new Map<string, Statement<unknown[], { doc?: string; n?: number }>>();

  /** The fields of a table that filters have indexed (in `<table>__keys`). */
  const indexedFieldsOf = (physical: string): string[] => statements.indexedFields.all(physical).map((row) => row.field);

  function createTable(physical: string): void {
    db.exec(`CREATE TABLE IF NOT EXISTS ${quote(physical)} (id TEXT PRIMARY KEY, doc TEXT NOT NULL)`);
  }

  /** A table with its id index to come: readable meanwhile (by a scan), written only through bulkHandle. */
  function createBulkTable(physical: string): void {
    db.exec(`CREATE TABLE ${quote(physical)} (id TEXT NOT NULL, doc TEXT NOT NULL)`);
    bulkRowids.set(physical, new Map());
  }

  /** A unique index works for the upsert's ON CONFLICT (id) as the primary key does. */
  function finishBulkTable(physical: string): void {
    db.exec(`CREATE UNIQUE INDEX ${quote(`${physical}_id`)} ON ${quote(physical)} (id)`);
    bulkRowids.delete(physical);
    handles.delete(physical);
  }

  function tableHandle(physical: string): TableHandle {
    const table = quote(physical);
    const get = db.prepare<[string], { doc: string }>(`SELECT doc FROM ${table} WHERE id = ?`);
    const put = db.prepare<[string, string]>(`INSERT INTO ${table} (id, doc) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc`);
    const remove = db.prepare<[string]>(`DELETE FROM ${table} WHERE id = ?`);
    return {
      physical,
      fields: indexedFieldsOf(physical),
      get: (id) => get.get(id),
      put: (id, doc) => void put.run(id, doc),
      remove: (id) => void remove.run(id),
    };
  }

  function bulkHandle(physical: string, rowids: Map<string, number | bigint>): TableHandle {
    const table = quote(physical);
    const byRowid = db.prepare<[number | bigint], { doc: string }>(`SELECT doc FROM ${table} WHERE rowid = ?`);
    const insert = db.prepare<[string, string]>(`INSERT INTO ${table} (id, doc) VALUES (?, ?)`);
    const update = db.prepare<[string, number | bigint]>(`UPDATE ${table} SET doc = ? WHERE rowid = ?`);
    const remove = db.prepare<[number | bigint]>(`DELETE FROM ${table} WHERE rowid = ?`);
    return {
      physical,
      fields: indexedFieldsOf(physical),
      get(id) {
        const rowid = rowids.get(id);
        return rowid === undefined ? undefined : byRowid.get(rowid);
      },
      put(id, doc) {
        const rowid = rowids.get(id);
        if (rowid !== undefined) update.run(doc, rowid);
        else rowids.set(id, insert.run(id, doc).lastInsertRowid);
      },
      remove(id) {
        const rowid = rowids.get(id);
        if (rowid === undefined) return;
        rowids.delete(id);
        remove.run(rowid);
      },
    };
  }
  function createKeysTable(physical: string): void {
    const keys = `${physical}__keys`;
    db.exec(`CREATE TABLE IF NOT EXISTS ${quote(keys)} (field TEXT NOT NULL, key TEXT NOT NULL, id TEXT NOT NULL,
      PRIMARY KEY (field, key, id)) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS ${quote(`${keys}_by_id`)} ON ${quote(keys)} (id);`);
  }

  function handleFor(physical: string): TableHandle {
    const known = handles.get(physical);
    if (known) return known;
    const rowids = bulkRowids.get(physical);
    const handle = rowids ? bulkHandle(physical, rowids) : tableHandle(physical);
    if (handle.fields.length > 0) prepareKeyStatements(handle);
    handles.set(physical, handle);
    return handle;
  }

  function prepareKeyStatements(handle: TableHandle): void {
    const keys = quote(`${handle.physical}__keys`);
    handle.removeKeys = db.prepare(`DELETE FROM ${keys} WHERE id = ?`);
    handle.insertKey = db.prepare(`INSERT OR IGNORE INTO ${keys} (field, key, id) VALUES (?, ?, ?)`);
  }

  /**
   * Another process (an API node filtering by a field for the first time) may have indexed a
   * field since this handle was made; a writer that kept the old list would leave its new
   * documents out of that index. Called inside the write transaction, where the list cannot
   * change underneath; fields are only ever added to a table.
   */
  function refreshFields(handle: TableHandle): void {
    const fields = indexedFieldsOf(handle.physical);
    if (fields.length === handle.fields.length) return;
    handle.fields = fields;
    prepareKeyStatements(handle);
  }

  function putDoc(handle: TableHandle, doc: Doc): void {
    handle.put(doc.id, JSON.stringify(doc));
    if (handle.fields.length === 0) return;
    handle.removeKeys!.run(doc.id);
    for (const field of handle.fields) {
      for (const key of filterKeys(doc, field)) handle.insertKey!.run(field, key, doc.id);
    }
  }

  function deleteDoc(handle: TableHandle, id: string): void {
    handle.remove(id);
    handle.removeKeys?.run(id);
  }

  /** Creates the side index for a field the first time something filters by it, backfilling existing documents. */
  const indexField = writeTransaction((handle: TableHandle, field: string) => {
    if (handle.fields.includes(field)) return;
    createKeysTable(handle.physical);
    statements.insertIndexedField.run(handle.physical, field);
    handle.fields = [...handle.fields, field].sort();
    prepareKeyStatements(handle);
    for (const row of db.prepare<[], { doc: string }>(`SELECT doc FROM ${quote(handle.physical)}`).all()) {
      const doc = JSON.parse(row.doc) as Doc;
      for (const key of filterKeys(doc, field)) handle.insertKey!.run(field, key, doc.id);
    }
  });

  function whereClause(handle: TableHandle, filter: Filter | undefined): { sql: string; params: unknown[] } {
    const entries = Object.entries(filter ?? {});
    if (entries.length === 0) return { sql: '', params: [] };
    const keys = quote(`${handle.physical}__keys`);
    const conditions: string[] = [];
    const params: unknown[] = [];
    for (const [field, value] of entries) {
      if (!handle.fields.includes(field)) indexField(handle, field);
      conditions.push(`id IN (SELECT id FROM ${keys} WHERE field = ? AND key = ?)`);
      params.push(field, filterKey(value));
    }
    return { sql: ` WHERE ${conditions.join(' AND ')}`, params };
  }

  function query(sql: string): Statement<unknown[], { doc?: string; n?: number }> {
    let statement = queries.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      queries.set(sql, statement);
    }
    return statement;
  }

  function findIn<T extends Doc>(physical: string | null, filter?: Filter, options?: FindOptions): T[] {
    if (physical === null) return [];
    const handle = handleFor(physical);
    const where = whereClause(handle, filter);
    let sql = `SELECT doc FROM ${quote(physical)}${where.sql}`;
    const params = [...where.params];
    if (options?.sort) {
      const direction = options.sort.direction === 'desc' ? 'DESC' : 'ASC';
      sql += ` ORDER BY json_extract(doc, ?) ${direction}, id ${direction}`;
      params.push(fieldPath(options.sort.field));
    }
    if (options?.limit !== undefined || options?.skip !== undefined) {
      sql += ' LIMIT ? OFFSET ?';
      params.push(options.limit ?? -1, options.skip ?? 0);
    }
    return query(sql)
      .all(...params)
      .map((row) => JSON.parse(row.doc!) as T);
  }

  function countIn(physical: string | null, filter?: Filter): number {
    if (physical === null) return 0;
    const where = whereClause(handleFor(physical), filter);
    return query(`SELECT COUNT(*) AS n FROM ${quote(physical)}${where.sql}`).get(...where.params)?.n ?? 0;
  }

  function getIn<T extends Doc>(physical: string | null, id: string): T | null {
    if (physical === null) return null;
    const row = handleFor(physical).get(id);
    return row ? (JSON.parse(row.doc) as T) : null;
  }

  /**
   * Reads go through a resolver, so that a logical collection follows the active build across swaps. A resolver
   * that caches may be told that the table it gave is gone (`stale`); the read then asks it once more.
   */
  function collectionOver<T extends Doc>(resolve: () => string | null, stale?: (physical: string) => void): Collection<T> {
    const read = <R>(op: (physical: string | null) => R): R => {
      const physical = resolve();
      try {
        return op(physical);
      } catch (error) {
        if (!stale || physical === null || !isMissingTable(error)) throw error;
        stale(physical);
        return op(resolve());
      }
    };
    return {
      get: async (id) => read((physical) => getIn<T>(physical, id)),
      find: async (filter, findOptions) => read((physical) => findIn<T>(physical, filter, findOptions)),
      count: async (filter) => read((physical) => countIn(physical, filter)),
    };
  }

  /**
   * The table serving each collection, remembered: asking SQLite took ≈ 6 µs, three or four times per request.
   * A swap drops the replaced build's tables in the transaction that activates the new build, so a remembered
   * table that no longer serves no longer exists either (whichever process swapped), and the read that finds
   * it missing resolves again. Swaps in this process forget at once.
   */
  const activePhysicals = new Map<string, string>();
  function activePhysicalOf(collection: string): string | null {
    const known = activePhysicals.get(collection);
    if (known !== undefined) return known;
    const physical = statements.activePhysical.get(collection)?.physical ?? null;
    if (physical !== null) activePhysicals.set(collection, physical);
    return physical;
  }
  function forgetActivePhysical(collection: string, physical: string): void {
    if (activePhysicals.get(collection) === physical) activePhysicals.delete(collection);
    handles.delete(physical);
    queries.clear();
  }

  const buildPhysicals = new Map<string, string>();
  function physicalOfBuild(build: BuildRef, collection: string): string {
    const cacheKey = JSON.stringify([build.projection, build.build, collection]);
    const cached = buildPhysicals.get(cacheKey);
    if (cached) return cached;
    const row = statements.buildPhysical.get(build.projection, build.build, collection);
    if (!row && !statements.build.get(build.projection, build.build)) throw new BuildNotFoundError(build.projection);
    if (!row) throw new Error(`Collection ${collection} is not part of build ${build.build} of projection ${build.projection}`);
    buildPhysicals.set(cacheKey, row.physical);
    return row.physical;
  }

  const commitBatch = writeTransaction((build: BuildRef, writes: readonly Write[], checkpoint: Position) => {
    const row = statements.build.get(build.projection, build.build);
    if (!row) throw new BuildNotFoundError(build.projection);
    const next = encodeCheckpoint(checkpoint);
    // Two runners on one build would apply events twice; a checkpoint never moves backwards.
    if (row.checkpoint !== null && next < row.checkpoint) {
      throw new Error(`Checkpoint of projection ${build.projection} would move backwards`);
    }
    statements.setCheckpoint.run(next, build.projection, build.build);
    // Resolved and refreshed once per collection and commit, not per write (a replay commits 100,000 writes at once).
    const byCollection = new Map<string, TableHandle>();
    for (const write of writes) {
      let handle = byCollection.get(write.collection);
      if (!handle) {
        handle = handleFor(physicalOfBuild(build, write.collection));
        refreshFields(handle);
        byCollection.set(write.collection, handle);
      }
      if (write.kind === 'put') putDoc(handle, write.doc);
      else deleteDoc(handle, write.id);
    }
  });

  const createBuildTx = writeTransaction((build: BuildRef, collections: readonly string[], bulkLoad: boolean) => {
    if (statements.build.get(build.projection, build.build)) {
      throw new Error(`Build ${build.build} of projection ${build.projection} already exists`);
    }
    for (const collection of collections) {
      const owner = statements.otherOwner.get(collection, build.projection);
      if (owner) throw new Error(`Collection ${collection} already belongs to projection ${owner.projection}`);
    }
    const created = statements.nextCreated.get()!.next;
    statements.insertBuild.run(build.projection, build.build, build.version, created);
    const active = statements.activeBuild.get(build.projection);
    for (const collection of collections) {
      const physical = `rm_${slug(build.projection)}_${slug(collection)}_${created}`;
      statements.insertBuildCollection.run(build.projection, build.build, collection, physical);
      if (bulkLoad) createBulkTable(physical);
      else createTable(physical);
      // Inherit the filter indexes the serving build has grown, so reads after the swap stay fast.
      const previous = active ? statements.buildPhysical.get(build.projection, active.build, collection) : undefined;
      const fields = previous ? statements.indexedFields.all(previous.physical) : [];
      if (fields.length > 0) createKeysTable(physical);
      for (const { field } of fields) statements.insertIndexedField.run(physical, field);
    }
  });

  function dropBuild(projection: string, build: string): void {
    for (const { collection, physical } of statements.physicalsOfBuild.all(projection, build)) {
      db.exec(`DROP TABLE IF EXISTS ${quote(physical)}; DROP TABLE IF EXISTS ${quote(`${physical}__keys`)};`);
      statements.deleteIndexedFields.run(physical);
      handles.delete(physical);
      bulkRowids.delete(physical);
      buildPhysicals.delete(JSON.stringify([projection, build, collection]));
    }
    queries.clear();
    activePhysicals.clear();
    statements.deleteBuildCollections.run(projection, build);
    statements.deleteBuild.run(projection, build);
  }

  const finishBuildTx = writeTransaction((build: BuildRef) => {
    for (const { physical } of statements.physicalsOfBuild.all(build.projection, build.build)) {
      if (bulkRowids.has(physical)) finishBulkTable(physical);
    }
  });

  const activateTx = writeTransaction((build: BuildRef) => {
    // A bulk load nobody finished gets its index here: a serving table always has one.
    finishBuildTx(build);
    const row = statements.build.get(build.projection, build.build);
    if (!row) throw new Error(`Build ${build.build} of projection ${build.projection} does not exist`);
    const previous = statements.activeBuild.get(build.projection);
    if (previous?.build === build.build) return;
    statements.deactivate.run(build.projection);
    statements.activate.run(build.projection, build.build);
    activePhysicals.clear();
    // The replaced build goes, and so do builds abandoned before this one (a crashed rebuild);
    // a build started after this one may still be catching up elsewhere, so it stays.
    for (const { build: old } of statements.replaced.all(build.projection, build.build, previous?.build ?? '', row.created)) {
      dropBuild(build.projection, old);
    }
  });

  const toActiveBuild = (row: BuildRow): ActiveBuild => ({
    projection: row.projection,
    version: row.version,
    build: row.build,
    checkpoint: decodeCheckpoint(row.checkpoint),
  });

  return {
    collection: <T extends Doc>(name: string) =>
      collectionOver<T>(
        () => activePhysicalOf(name),
        (physical) => forgetActivePhysical(name, physical),
      ),

    buildCollection: <T extends Doc>(build: BuildRef, name: string) => {
      // A build's tables never move, so one lookup serves every read through this object.
      let physical: string | null = null;
      return collectionOver<T>(() => (physical ??= physicalOfBuild(build, name)));
    },

    state<T extends Doc>(name: string): StateCollection<T> {
      const physical = `state_${slug(name)}`;
      if (!handles.has(physical)) createTable(physical);
      const reads = collectionOver<T>(() => physical);
      const writable = () => {
        const handle = handleFor(physical);
        refreshFields(handle);
        return handle;
      };
      return {
        ...reads,
        put: async (doc) => void writeTransaction(() => putDoc(writable(), doc))(),
        delete: async (id) => void writeTransaction(() => deleteDoc(writable(), id))(),
      };
    },

    commit: async (build, writes, checkpoint) => commitBatch(build, writes, checkpoint),

    checkpoint: async (build) => {
      const row = statements.build.get(build.projection, build.build);
      return row ? decodeCheckpoint(row.checkpoint) : null;
    },

    activeBuild: async (projection) => {
      const row = activeBuildRow(projection);
      return row ? toActiveBuild(row) : null;
    },

    changeStamp,

    createBuild: async (build, collections, createOptions) => createBuildTx(build, collections, createOptions?.bulkLoad === true),

    finishBuild: async (build) => finishBuildTx(build),

    activate: async (build) => activateTx(build),

    ping: async () => {
      db.prepare('SELECT 1').get();
    },

    // Erasure (issue 6): copies the WAL into the file and truncates it, so no old page image survives.
    truncateWal: () => truncateWal(db),

    close: async () => {
      await checkpointer?.stop();
      if (db.open) db.close();
    },
  };
}
