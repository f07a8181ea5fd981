import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startWalCheckpointer } from './wal-checkpointer.ts';

describe('startWalCheckpointer (a WAL copied back into the file off the writing thread)', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('copies what a writer that never checkpoints committed into the database file, so the WAL stops growing', async () => {
    dir = mkdtempSync(join(tmpdir(), 'wal-checkpointer-'));
    const file = join(dir, 'models.sqlite');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0');
    db.exec('CREATE TABLE docs (id INTEGER PRIMARY KEY, doc TEXT)');
    const insert = db.prepare('INSERT INTO docs (doc) VALUES (?)');
    const writeMegabyte = db.transaction(() => {
      for (let i = 0; i < 250; i++) insert.run('x'.repeat(4_000));
    });
    writeMegabyte();
    const fileSize = () => statSync(file).size;
    const walSize = () => statSync(`${file}-wal`).size;
    expect(fileSize()).toBeLessThan(100_000); // everything is still only in the WAL

    const checkpointer = startWalCheckpointer(file, { intervalMs: 20 });
    /** Until the copy of everything written so far has landed: the file reached its size and stopped growing. */
    const copied = async (megabytes: number) => {
      let last = -1;
      await vi.waitFor(
        () => {
          const size = fileSize();
          const settled = size === last && size > megabytes * 1_000_000;
          last = size;
          expect(settled).toBe(true);
        },
        { timeout: 5_000, interval: 20 },
      );
    };
    try {
      await copied(1);
      for (let megabytes = 2; megabytes <= 4; megabytes++) {
        writeMegabyte();
        await copied(megabytes);
      }
      // Without the thread the WAL would hold all 4 MB; once copied, later commits reuse it from its start.
      expect(walSize()).toBeLessThan(2_200_000);
      expect(db.prepare('SELECT COUNT(*) AS n FROM docs').get()).toEqual({ n: 1_000 });
    } finally {
      await checkpointer.stop();
      db.close();
    }
  });

  it('lets a process whose only work left is stopping it exit', () => {
    dir = mkdtempSync(join(tmpdir(), 'wal-checkpointer-'));
    const file = join(dir, 'models.sqlite');
    const script = `
      import Database from 'better-sqlite3';
      import { startWalCheckpointer } from ${JSON.stringify(new URL('./wal-checkpointer.ts', import.meta.url).href)};
      const db = new Database(${JSON.stringify(file)});
      db.pragma('journal_mode = WAL');
      const checkpointer = startWalCheckpointer(${JSON.stringify(file)});
      await checkpointer.stop();
      db.close();
      console.log('stopped');
    `;
    // Exit code 13 ("unsettled top-level await") if the awaited stop had nothing holding the process open.
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: process.cwd(), encoding: 'utf8' });
    expect(output.trim()).toBe('stopped');
  });
});
