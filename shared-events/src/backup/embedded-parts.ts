import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { eventsFileIn, keysFileIn } from '../event-store/data-files.ts';
import { EVENT_COLUMNS } from '../event-store/stored-rows.ts';
import type { BackupPart, PartSnapshot } from './backup-part.ts';
import { sqliteSnapshot } from './online-snapshot.ts';

/** The hash a backup records over the log: every event, as stored (personal fields sealed), in order. */
export const LOG_DIGEST = `SELECT ${EVENT_COLUMNS} FROM events ORDER BY position`;
export const LOG_FACTS = {
  lastPosition: 'SELECT CAST(MAX(position) AS TEXT) FROM events',
  events: 'SELECT COUNT(*) FROM events',
  streams: 'SELECT COUNT(DISTINCT stream_id) FROM events',
};

/** The log's copy, summed up as a restore checks it: its facts and hash. */
export const digestEmbeddedLog = (file: string) => sqliteSnapshot({ destination: file, facts: LOG_FACTS, digest: LOG_DIGEST });

function sqlitePart(name: 'log' | 'keys', file: string, facts: Record<string, string>, digest?: string): BackupPart {
  const base = path.basename(file);
  return {
    name,
    async snapshot(staging) {
      const destination = path.join(staging, base);
      const summary = await sqliteSnapshot({ source: file, destination, facts, ...(digest ? { digest } : {}) });
      return { name, files: [{ path: base, source: destination }], facts: summary.facts, ...(summary.hash ? { hash: summary.hash } : {}) };
    },
  };
}

/** events.sqlite through the online backup API. */
export const embeddedLogPart = (dataDir: string): BackupPart => sqlitePart('log', eventsFileIn(dataDir), LOG_FACTS, LOG_DIGEST);

/** keys.sqlite through the online backup API: the live keys, and the tombstones of the erased. */
export const embeddedKeysPart = (dataDir: string): BackupPart =>
  sqlitePart('keys', keysFileIn(dataDir), {
    keys: 'SELECT COUNT(*) FROM subject_keys WHERE key IS NOT NULL',
    erased: 'SELECT COUNT(*) FROM subject_keys WHERE key IS NULL',
  });

const STORED_DOCUMENT = /^[A-Za-z0-9_-]{1,100}\.bin$/;

/**
 * The documents' bytes under DATA_DIR/documents, read in place: each file is written once, under a temporary name,
 * and renamed into place, so a listed file is whole. One erased before the archive reads it is left out.
 */
export const embeddedDocumentsPart = (dataDir: string): BackupPart => ({
  name: 'documents',
  async snapshot(): Promise<PartSnapshot> {
    const folder = path.join(dataDir, 'documents');
    const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    const files = names.filter((name) => STORED_DOCUMENT.test(name)).map((name) => ({ path: `documents/${name}`, source: path.join(folder, name) }));
    let bytes = 0;
    for (const file of files) bytes += await stat(file.source).then((stats) => stats.size, () => 0);
    return { name: 'documents', files, facts: { documents: files.length, bytes } };
  },
});
