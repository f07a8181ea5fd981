import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { truncateWal } from './truncate-wal.ts';

describe('truncateWal (no old page image left in the WAL after an erasure)', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function openPair() {
    dir = mkdtempSync(join(tmpdir(), 'truncate-wal-'));
    const file = join(dir, 'models.sqlite');
    const writer = new Database(file);
    writer.pragma('journal_mode = WAL');
    writer.pragma('wal_autocheckpoint = 0');
    // No busy timeout: SQLite then reports "busy" at once, as it does whenever another checkpoint holds the lock.
    writer.pragma('busy_timeout = 0');
    writer.exec("CREATE TABLE docs (id INTEGER PRIMARY KEY, doc TEXT); INSERT INTO docs (doc) VALUES ('Avery Quinn')");
    return { file, writer, other: new Database(file) };
  }

  it('waits out a connection that keeps the checkpoint from completing, then leaves the WAL empty', async () => {
    const { file, writer, other } = openPair();
    other.exec('BEGIN');
    other.prepare('SELECT COUNT(*) FROM docs').get(); // holds a snapshot older than the next write
    writer.prepare('UPDATE docs SET doc = ? WHERE id = 1').run('erased');
    expect(writer.pragma('wal_checkpoint(TRUNCATE)')).toEqual([expect.objectContaining({ busy: 1 })]);

    const truncated = truncateWal(writer);
    await new Promise((resolve) => setTimeout(resolve, 50));
    other.exec('COMMIT');
    await truncated;

    expect(statSync(`${file}-wal`).size).toBe(0);
    other.close();
    writer.close();
  });

  it('refuses to report success when the WAL stays busy', async () => {
    const { writer, other } = openPair();
    other.exec('BEGIN');
    other.prepare('SELECT COUNT(*) FROM docs').get();
    writer.prepare('UPDATE docs SET doc = ? WHERE id = 1').run('erased');

    await expect(truncateWal(writer, 100)).rejects.toThrow('The WAL could not be truncated');
    other.exec('COMMIT');
    other.close();
    writer.close();
  });
});
