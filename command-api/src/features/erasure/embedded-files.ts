import { existsSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { RuntimeConfig } from '@accommodate/shared-events/config/runtime-config';

/**
 * Checkpoints the embedded SQLite files and truncates their WALs: a WAL keeps old page
 * images (a deleted row's plaintext among them) until it is overwritten, so after an
 * erasure it is emptied at once. Another connection may do this; SQLite coordinates it.
 */
export async function truncateEmbeddedWals(config: Pick<RuntimeConfig, 'dataDir' | 'mongodbUrl' | 'eventStoreUrl'>): Promise<void> {
  const files: string[] = [];
  if (!config.mongodbUrl) files.push('read-models.sqlite');
  if (!config.eventStoreUrl) files.push('events.sqlite');
  for (const name of files) {
    const file = path.join(config.dataDir, name);
    if (!existsSync(file)) continue;
    const db = new Database(file);
    try {
      db.pragma('busy_timeout = 5000');
      db.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      db.close();
    }
  }
}
