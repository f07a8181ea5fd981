import type { Database } from 'better-sqlite3';
import { setTimeout as delay } from 'node:timers/promises';

interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

/**
 * Copies the whole WAL into the database file and truncates it to zero bytes, so no old page image
 * (an erased record's plaintext, a destroyed key) survives in it. SQLite answers "busy" at once, without
 * its busy timeout, when another connection is running a checkpoint (the read store's checkpointer
 * thread, the writer thread's automatic one), so this tries again until it completes, and throws rather
 * than let an erasure report success with old pages still on disk.
 */
export async function truncateWal(db: Database, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as CheckpointResult[];
    if (result?.busy === 0) return;
    if (Date.now() > deadline) throw new Error('The WAL could not be truncated: another connection kept it busy');
    await delay(5);
  }
}
