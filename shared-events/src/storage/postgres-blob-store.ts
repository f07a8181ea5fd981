import { assertBlobId, type DocumentBlobStore } from './document-blob-store.ts';
import { sharedPool } from '../postgres/postgres-pool.ts';

/**
 * Document bytes in PostgreSQL, one row per document, so every API node serves every document. A write is one
 * upsert (durable at its commit, never half a document), so there are no leftovers to sweep after a crash.
 */
export async function openPostgresBlobStore(url: string): Promise<DocumentBlobStore> {
  const { pool, release } = await sharedPool(url);
  return {
    async put(id, bytes) {
      assertBlobId(id);
      await pool.query(
        'INSERT INTO documents (id, bytes) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET bytes = excluded.bytes, stored_at = now()',
        [id, bytes],
      );
    },
    async get(id) {
      assertBlobId(id);
      const { rows } = await pool.query<{ bytes: Buffer }>('SELECT bytes FROM documents WHERE id = $1', [id]);
      return rows[0]?.bytes ?? null;
    },
    async delete(id) {
      assertBlobId(id);
      // The deleted row's bytes stay in the table's file until an erasure's scrub rewrites it (postgres-read-store.ts).
      await pool.query(`WITH gone AS (DELETE FROM documents WHERE id = $1 RETURNING 1)
        INSERT INTO scrub_pending (physical) SELECT 'documents' FROM gone LIMIT 1 ON CONFLICT DO NOTHING`, [id]);
    },
    close: release,
  };
}
