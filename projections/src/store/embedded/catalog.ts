import type { Database as SqliteDatabase } from 'better-sqlite3';

/** One build of one projection, as the `builds` table holds it. */
export interface BuildRow {
  projection: string;
  build: string;
  version: number;
  /** encodeCheckpoint's text (build-records.ts). */
  checkpoint: string | null;
  /** The checkpoint of the last commit that wrote documents, as text; null before any. */
  changed: string | null;
  active: number;
  created: number;
}

/**
 * The catalog beside the documents: the builds of each projection (one active at most), the table behind each
 * collection of a build, and the fields a filter has indexed per table. Created if missing; its statements prepared once.
 */
export function openCatalog(db: SqliteDatabase) {
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
  // Added after the first stores were made: an older file gains the columns (null: the next write sets them).
  for (const table of ['builds', 'build_collections']) {
    const columns = db.prepare<[], { name: string }>(`PRAGMA table_info(${table})`).all();
    if (!columns.some((column) => column.name === 'changed')) db.exec(`ALTER TABLE ${table} ADD COLUMN changed TEXT`);
  }
  return {
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
    setChanged: db.prepare<[string, string, string, string]>('UPDATE builds SET checkpoint = ?, changed = ? WHERE projection = ? AND build = ?'),
    setCollectionChanged: db.prepare<[string, string, string, string]>(
      'UPDATE build_collections SET changed = ? WHERE projection = ? AND build = ? AND collection = ?',
    ),
    collectionsChanged: db.prepare<[string, string], { collection: string; changed: string | null }>(
      'SELECT collection, changed FROM build_collections WHERE projection = ? AND build = ?',
    ),
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
}

export type Catalog = ReturnType<typeof openCatalog>;
