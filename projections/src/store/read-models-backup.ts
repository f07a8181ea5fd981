import path from 'node:path';
import Database from 'better-sqlite3';
import type { BackupPart } from '@accommodate/shared-events/backup/backup-part';
import { sqliteSnapshot } from '@accommodate/shared-events/backup/online-snapshot';
import { readModelsFileIn } from './open-read-store.ts';

/**
 * read-models.sqlite through the online backup API: the projections' builds with their checkpoints, and the state
 * that no projection can make again (sessions, credentials, the mail outbox's records).
 */
export const embeddedReadModelsPart = (dataDir: string): BackupPart => ({
  name: 'read-models',
  async snapshot(staging) {
    const base = path.basename(readModelsFileIn(dataDir));
    const destination = path.join(staging, base);
    const summary = await sqliteSnapshot({
      source: readModelsFileIn(dataDir),
      destination,
      facts: {
        builds: 'SELECT COUNT(*) FROM builds WHERE active = 1',
        lowestCheckpoint: "SELECT CAST(CAST(MIN(checkpoint) AS INTEGER) AS TEXT) FROM builds WHERE active = 1",
      },
    });
    return { name: 'read-models', files: [{ path: base, source: destination }], facts: summary.facts };
  },
});

/**
 * Drops every projection's builds from a read-models file that no process has open (a restore's copy), keeping the
 * state tables: the next start builds the read models again from the log. The file is vacuumed so that no page of
 * the dropped rows stays in it.
 */
export function dropProjectionBuilds(dataDir: string): number {
  const db = new Database(readModelsFileIn(dataDir), { fileMustExist: true });
  try {
    db.pragma('secure_delete = ON');
    const tables = db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'rm\\_%' ESCAPE '\\'").pluck().all();
    db.transaction(() => {
      for (const table of tables) db.exec(`DROP TABLE "${table.replaceAll('"', '""')}"`);
      db.exec("DELETE FROM builds; DELETE FROM build_collections; DELETE FROM filter_indexes WHERE physical LIKE 'rm\\_%' ESCAPE '\\'");
    })();
    db.exec('VACUUM');
    return tables.length;
  } finally {
    db.close();
  }
}
