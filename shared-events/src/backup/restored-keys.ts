import Database from 'better-sqlite3';
import { keysFileIn } from '../event-store/data-files.ts';

/**
 * Destroys these subjects' keys in a key file no process has open (a restore's copy), as SubjectKeyStore.destroy
 * does: a tombstone, the old bytes zeroed (secure_delete). Returns how many keys were still there.
 */
export function tombstoneRestoredKeys(dataDir: string, erasures: readonly { subjectId: string; erasedAt: string }[]): number {
  const db = new Database(keysFileIn(dataDir), { fileMustExist: true });
  try {
    db.pragma('secure_delete = ON');
    const live = db.prepare<[string], number>('SELECT 1 FROM subject_keys WHERE subject = ? AND key IS NOT NULL').pluck();
    const tombstone = db.prepare(
      `INSERT INTO subject_keys (subject, key, destroyed_at) VALUES (?, NULL, ?)
       ON CONFLICT (subject) DO UPDATE SET key = NULL, destroyed_at = COALESCE(subject_keys.destroyed_at, excluded.destroyed_at)`,
    );
    let destroyed = 0;
    db.transaction(() => {
      for (const { subjectId, erasedAt } of erasures) {
        if (live.get(subjectId) !== undefined) destroyed += 1;
        tombstone.run(subjectId, erasedAt);
      }
    })();
    // Rewritten without free pages: nothing of a destroyed key stays in the file.
    if (destroyed > 0) db.exec('VACUUM');
    return destroyed;
  } finally {
    db.close();
  }
}
