import { keysAhead, newSubjectKey, type SubjectKeyStore } from './subject-key-store.ts';
import { sharedPool } from '../postgres/postgres-pool.ts';

/**
 * Rewrites the keys' table, one rewrite at a time; calls made while one runs share the next. An UPDATE leaves the old
 * row version, key and all, in the table's file until a vacuum, and a plain VACUUM does not always overwrite it (a
 * tuple beside the page's free space stays as it was). VACUUM FULL writes the live rows into a new file and unlinks
 * the old one, so a destroyed key is gone from the table's bytes once `destroy` resolves.
 */
function rewritesInTurn(rewrite: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const start = (): Promise<void> => {
    running = rewrite().finally(() => {
      running = null;
    });
    return running;
  };
  return () => {
    if (!running) return start();
    next ??= running.catch(() => undefined).then(() => {
      next = null;
      return start();
    });
    return next;
  };
}

/** The subject keys in PostgreSQL, beside the log they unlock (every node reads the same keys). */
export async function openPostgresSubjectKeyStore(url: string): Promise<SubjectKeyStore> {
  const { pool, release } = await sharedPool(url);
  const read = async (subjectId: string): Promise<Buffer | null | undefined> => {
    const { rows } = await pool.query<{ key: Buffer | null }>('SELECT key FROM subject_keys WHERE subject = $1', [subjectId]);
    return rows.length === 0 ? undefined : rows[0]!.key;
  };
  const ahead = keysAhead(async (ids) => {
    const made = ids.map(() => newSubjectKey());
    await pool.query('INSERT INTO subject_keys (subject, key) SELECT * FROM unnest($1::text[], $2::bytea[])', [ids, made]);
    return made;
  });
  const scrub = rewritesInTurn(async () => void (await pool.query('VACUUM FULL subject_keys')));
  return {
    newSubjectId: ahead.next,
    async keyFor(subjectId, { create }) {
      const madeAhead = ahead.take(subjectId);
      if (madeAhead) return madeAhead;
      const found = await read(subjectId);
      if (found !== undefined) return found;
      if (!create) return null;
      // Of two nodes creating at once, the first key stays for both.
      await pool.query('INSERT INTO subject_keys (subject, key) VALUES ($1, $2) ON CONFLICT (subject) DO NOTHING', [subjectId, newSubjectKey()]);
      return (await read(subjectId)) ?? null;
    },
    async keysFor(subjectIds) {
      const { rows } = await pool.query<{ subject: string; key: Buffer | null }>('SELECT subject, key FROM subject_keys WHERE subject = ANY($1::text[])', [[...subjectIds]]);
      return new Map(rows.map((row) => [row.subject, row.key] as const));
    },
    async destroy(subjectId) {
      ahead.take(subjectId);
      await pool.query(
        `INSERT INTO subject_keys (subject, key, destroyed_at) VALUES ($1, NULL, now())
         ON CONFLICT (subject) DO UPDATE SET key = NULL, destroyed_at = excluded.destroyed_at`,
        [subjectId],
      );
      await scrub();
    },
    async close() {
      await ahead.settled();
      await release();
    },
  };
}
