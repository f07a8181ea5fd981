import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { Doc } from '../read-store.ts';
import { filterKeys, keysOfValue } from '../filter-match.ts';
import type { Catalog } from './catalog.ts';
import type { ChangeTracking } from './change-stamp.ts';
import { fieldPath, quote } from './sql-text.ts';
import { rowsInPages, type PagedRow } from './rows-in-pages.ts';

/**
 * Each physical collection is a table (id, doc JSON). Filtering: a field used in a filter is indexed lazily,
 * the first time a find or count filters by it, in a side table `<table>__keys` (field, key, id) that holds
 * one row per value of the field, or per element when it is an array. That gives equality and "array contains"
 * (MongoDB's semantics) through one B-tree lookup, e.g. the students of one owner among thousands. The indexed
 * fields are recorded in the catalog's `filter_indexes`.
 */
export interface TableHandle {
  physical: string;
  fields: string[];
  get(id: string): { doc: string } | undefined;
  put(id: string, doc: string): void;
  remove(id: string): void;
  removeKeys?: Statement<[string]>;
  insertKey?: Statement<[string, string, string]>;
  /** A build's table before its id index (bulk-loaded): `get` goes by rowid, and `id IN (…)` would scan it. */
  bulk?: true;
}

export function putDoc(handle: TableHandle, doc: Doc): void {
  handle.put(doc.id, JSON.stringify(doc));
  if (handle.fields.length === 0) return;
  handle.removeKeys!.run(doc.id);
  for (const field of handle.fields) {
    for (const key of filterKeys(doc, field)) handle.insertKey!.run(field, key, doc.id);
  }
}

export function deleteDoc(handle: TableHandle, id: string): void {
  handle.remove(id);
  handle.removeKeys?.run(id);
}

/** Rows a filter index's backfill reads at a time: 1,000 ids with one field's value each, not whole documents. */
const BACKFILL_PAGE_ROWS = 1_000;

/** The tables of documents and their side indexes: created, bulk-loaded, and reached through one handle each. */
export function documentTables(db: SqliteDatabase, catalog: Catalog, { writeTransaction }: Pick<ChangeTracking, 'writeTransaction'>) {
  const handles = new Map<string, TableHandle>();
  /**
   * Tables being bulk-loaded by this process (a replay into a build it created): they have no id
   * index yet, so each insert does not touch a B-tree of random UUIDs; the ids' rowids are kept here
   * instead. The unique id index is built once, in finishBulkTable.
   */
  const bulkRowids = new Map<string, Map<string, number | bigint>>();

  /** The fields of a table that filters have indexed (in `<table>__keys`). */
  const indexedFieldsOf = (physical: string): string[] => catalog.indexedFields.all(physical).map((row) => row.field);

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
      bulk: true,
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

  function prepareKeyStatements(handle: TableHandle): void {
    const keys = quote(`${handle.physical}__keys`);
    handle.removeKeys = db.prepare(`DELETE FROM ${keys} WHERE id = ?`);
    handle.insertKey = db.prepare(`INSERT OR IGNORE INTO ${keys} (field, key, id) VALUES (?, ?, ?)`);
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

  /** Creates the side index for a field the first time something filters by it, backfilling existing documents. */
  const indexField = writeTransaction((handle: TableHandle, field: string) => {
    if (handle.fields.includes(field)) return;
    createKeysTable(handle.physical);
    catalog.insertIndexedField.run(handle.physical, field);
    handle.fields = [...handle.fields, field].sort();
    prepareKeyStatements(handle);
    // Only each document's value of the field (as JSON text; NULL where it has none), a page at a time: a whole table
    // of documents read at once (`.all()`) is the table's size in strings, e.g. a year of implementation log entries.
    const page = db.prepare<[string, number, number], PagedRow & { id: string; value: string | null }>(
      `SELECT rowid, id, doc -> ? AS value FROM ${quote(handle.physical)} WHERE rowid > ? ORDER BY rowid LIMIT ?`,
    );
    for (const row of rowsInPages((after, limit) => page.all(fieldPath(field), after, limit), BACKFILL_PAGE_ROWS)) {
      for (const key of keysOfValue(row.value === null ? null : JSON.parse(row.value))) handle.insertKey!.run(field, key, row.id);
    }
  });

  return {
    createTable,
    createBulkTable,
    finishBulkTable,
    createKeysTable,
    handleFor,
    refreshFields,
    indexField,
    /** A handle resolved and refreshed for writing (inside a write transaction). */
    writable(physical: string): TableHandle {
      const handle = handleFor(physical);
      refreshFields(handle);
      return handle;
    },
    isKnown: (physical: string): boolean => handles.has(physical),
    isBulkLoading: (physical: string): boolean => bulkRowids.has(physical),
    /** Forgets what this process knew of a table (its handle; its bulk load, when `dropped`). */
    forget(physical: string, dropped = false): void {
      handles.delete(physical);
      if (dropped) bulkRowids.delete(physical);
    },
  };
}

export type DocumentTables = ReturnType<typeof documentTables>;
