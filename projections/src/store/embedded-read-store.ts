import { createPrivateFileSync, makePrivateDirSync } from '@accommodate/shared-events/storage/private-files';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Database as SqliteDatabase } from 'better-sqlite3';
import { FALLBACK_AUTOCHECKPOINT_PAGES, startWalCheckpointer } from '@accommodate/shared-events/sqlite/wal-checkpointer';
import { truncateWal } from '@accommodate/shared-events/sqlite/truncate-wal';
import type { BuildRef, Doc, ReadStore, StateCollection } from './read-store.ts';
import { stateTableName } from './build-records.ts';
import { openCatalog } from './embedded/catalog.ts';
import { trackChanges } from './embedded/change-stamp.ts';
import { deleteDoc, documentTables, putDoc } from './embedded/document-tables.ts';
import { documentReads } from './embedded/document-reads.ts';
import { tableResolution } from './embedded/table-resolution.ts';
import { buildLifecycle } from './embedded/build-lifecycle.ts';

/**
 * Read models in one SQLite file, composed of the parts in ./embedded/: the catalog of builds, the document
 * tables with their lazily grown filter indexes, the reads over them, which table serves what, and a build's
 * life from creation to swap.
 *
 * Durability: WAL with synchronous=NORMAL; a read model can be rebuilt from the log,
 * and the checkpoint moves in the same transaction as the documents. The WAL is copied back into
 * the file by a checkpointer thread, not inside the commits of the event loop.
 */
export interface EmbeddedReadStoreOptions {
  file: string;
}

function openDatabase(file: string): SqliteDatabase {
  if (file !== ':memory:') {
    makePrivateDirSync(dirname(file));
    createPrivateFileSync(file);
  }
  const db: SqliteDatabase = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // Deleted rows (an erased student) are zeroed in the file, not left in free pages.
  db.pragma('secure_delete = ON');
  db.pragma('busy_timeout = 5000');
  // A larger page cache keeps a rebuild's lookups off the disk (negative: KiB).
  db.pragma('cache_size = -16000');
  return db;
}

export function openEmbeddedReadStore(options: EmbeddedReadStoreOptions): ReadStore {
  const db = openDatabase(options.file);
  const checkpointer = options.file === ':memory:' ? null : startWalCheckpointer(options.file);
  if (checkpointer) db.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  const catalog = openCatalog(db);
  const changes = trackChanges(db);
  const tables = documentTables(db, catalog, changes);
  const reads = documentReads(db, tables);
  const resolution = tableResolution(catalog, tables, reads, changes);
  const builds = buildLifecycle(db, { catalog, tables, reads, resolution, changes });

  return {
    collection: <T extends Doc>(name: string) =>
      reads.collectionOver<T>(
        () => resolution.activePhysicalOf(name),
        (physical) => resolution.forgetActivePhysical(name, physical),
      ),

    buildCollection: <T extends Doc>(build: BuildRef, name: string) => {
      // A build's tables never move, so one lookup serves every read through this object.
      let physical: string | null = null;
      return reads.collectionOver<T>(() => (physical ??= resolution.physicalOfBuild(build, name)));
    },

    state<T extends Doc>(name: string): StateCollection<T> {
      const physical = stateTableName(name);
      if (!tables.isKnown(physical)) tables.createTable(physical);
      return {
        ...reads.collectionOver<T>(() => physical),
        put: async (doc) => void changes.writeTransaction(() => putDoc(tables.writable(physical), doc))(),
        delete: async (id) => void changes.writeTransaction(() => deleteDoc(tables.writable(physical), id))(),
        // Read and delete in one write transaction: no other writer (thread or process) comes in between.
        take: async (id) =>
          changes.writeTransaction(() => {
            const handle = tables.writable(physical);
            const row = handle.get(id);
            if (row) deleteDoc(handle, id);
            return row ? (JSON.parse(row.doc) as T) : null;
          })(),
      };
    },

    commit: async (build, writes, checkpoint) => builds.commit(build, writes, checkpoint),

    checkpoint: async (build) => builds.checkpoint(build),

    activeBuild: async (projection) => resolution.activeBuild(projection),

    changeStamp: changes.changeStamp,

    createBuild: async (build, collections, createOptions) => builds.createBuild(build, collections, createOptions?.bulkLoad === true),

    finishBuild: async (build) => builds.finishBuild(build),

    activate: async (build) => builds.activate(build),

    ping: async () => {
      db.prepare('SELECT 1').get();
    },

    // After an erasure: copies the WAL into the file and truncates it, so no old page image survives (deleted rows
    // themselves are zeroed by secure_delete).
    scrubDeleted: () => truncateWal(db),

    close: async () => {
      await checkpointer?.stop();
      if (db.open) db.close();
    },
  };
}
