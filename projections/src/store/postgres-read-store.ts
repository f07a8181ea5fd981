import { inTransaction, sharedPool } from '@accommodate/shared-events/postgres/postgres-pool';
import { decodeCheckpoint, toActiveBuild } from './build-records.ts';
import { keptUnderStamp } from './kept-under-stamp.ts';
import type { ActiveBuild, BuildRef, Doc, ReadStore, StateCollection } from './read-store.ts';
import { buildLifecycle } from './postgres/build-lifecycle.ts';
import { changeListener } from './postgres/change-listener.ts';
import { documentSql } from './postgres/document-sql.ts';
import { bulkBuilds } from './postgres/bulk-builds.ts';
import { ident, stateName } from './postgres/sql-text.ts';

export interface PostgresReadStore extends ReadStore {
  /** Resolves at the next commit into the read models by any node, or after `timeoutMs`. */
  nextChange(timeoutMs: number): Promise<void>;
}

/**
 * Read models in PostgreSQL, one table per collection of each build (id, doc jsonb), composed of the parts in
 * ./postgres/: the reads with their lazily made field indexes, a build's life from creation to swap, and the listener
 * that keeps a change stamp across nodes. The catalog (read_builds, read_build_collections) says which build serves.
 */
export async function openPostgresReadStore(options: { url: string }): Promise<PostgresReadStore> {
  const shared = await sharedPool(options.url);
  const { pool } = shared;
  const changes = changeListener(options.url, shared.schema);
  await changes.start().catch(() => undefined);
  const documents = documentSql(pool);
  const bulk = bulkBuilds();
  const lifecycle = buildLifecycle(pool, shared.schema, documents, changes.channel, bulk);

  /** Each projection's active build, and the table serving each collection: kept while the change stamp stays. */
  const activeBuilds = keptUnderStamp<string, ActiveBuild | null>(changes.changeStamp);
  const activePhysicals = keptUnderStamp<string, string | null>(changes.changeStamp);

  async function activePhysicalOf(collection: string): Promise<string | null> {
    const stamp = activePhysicals.stamp();
    if (activePhysicals.has(collection)) return activePhysicals.get(collection)!;
    const { rows } = await pool.query<{ physical: string }>(
      `SELECT c.physical FROM read_build_collections c JOIN read_builds b ON b.projection = c.projection AND b.build = c.build AND b.active WHERE c.collection = $1`,
      [collection],
    );
    const physical = rows[0]?.physical ?? null;
    activePhysicals.keep(collection, physical, stamp);
    return physical;
  }

  const stateTables = new Map<string, Promise<string>>();
  /** A state collection's table, made once (under the catalog's lock: two nodes may ask for it at once). */
  const stateTable = (name: string): Promise<string> => {
    let made = stateTables.get(name);
    if (!made) {
      const physical = stateName(name);
      made = inTransaction(pool, async (client) => {
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${shared.schema}:read-catalog`]);
        await client.query(`CREATE TABLE IF NOT EXISTS ${ident(physical)} (id text PRIMARY KEY, doc jsonb NOT NULL)`);
        await client.query('INSERT INTO read_state_tables (name, physical) VALUES ($1, $2) ON CONFLICT DO NOTHING', [name, physical]);
        return physical;
      });
      made.catch(() => stateTables.delete(name));
      stateTables.set(name, made);
    }
    return made;
  };

  /** A single statement that writes a state document and, when it changed something, tells every node. */
  const stateWrite = async (sql: string, values: unknown[]): Promise<{ doc: string }[]> => {
    const { rows } = await pool.query<{ doc: string }>(`WITH written AS (${sql}) SELECT written.doc, pg_notify($${values.length + 1}, '') FROM written`, [...values, changes.channel]);
    if (rows.length > 0) changes.committed();
    return rows;
  };

  return {
    collection: <T extends Doc>(name: string) => documents.collectionOver<T>(() => activePhysicalOf(name), () => changes.committed()),

    buildCollection: <T extends Doc>(build: BuildRef, name: string) =>
      bulk.over(build, name, documents.collectionOver<T>(() => lifecycle.physicalOfBuild(build, name))),

    state<T extends Doc>(name: string): StateCollection<T> {
      const reads = documents.collectionOver<T>(() => stateTable(name));
      return {
        ...reads,
        async put(doc) {
          const table = ident(await stateTable(name));
          await stateWrite(`INSERT INTO ${table} (id, doc) VALUES ($1, $2::jsonb) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc RETURNING doc`, [doc.id, JSON.stringify(doc)]);
        },
        async delete(id) {
          await stateWrite(`DELETE FROM ${ident(await stateTable(name))} WHERE id = $1 RETURNING doc`, [id]);
        },
        // One DELETE … RETURNING: of two takes at once, one gets the row and the other nothing.
        async take(id) {
          const rows = await stateWrite(`DELETE FROM ${ident(await stateTable(name))} WHERE id = $1 RETURNING doc`, [id]);
          return rows[0] ? (JSON.parse(rows[0].doc) as T) : null;
        },
      };
    },

    async commit(build, writes, checkpoint) {
      await lifecycle.commit(build, writes, checkpoint);
      changes.committed();
    },

    checkpoint: (build) => lifecycle.checkpoint(build),

    async activeBuild(projection) {
      const stamp = activeBuilds.stamp();
      if (activeBuilds.has(projection)) return activeBuilds.get(projection)!;
      const { rows } = await pool.query<{ projection: string; build: string; version: number; checkpoint: string | null; changed: string | null; collections: string }>(
        `SELECT b.projection, b.build, b.version, b.checkpoint, b.changed,
           coalesce(json_agg(json_build_object('collection', c.collection, 'changed', c.changed)) FILTER (WHERE c.collection IS NOT NULL), '[]') AS collections
         FROM read_builds b LEFT JOIN read_build_collections c ON c.projection = b.projection AND c.build = b.build
         WHERE b.projection = $1 AND b.active GROUP BY b.projection, b.build`,
        [projection],
      );
      const row = rows[0];
      const active = row ? toActiveBuild({ ...row, collections: JSON.parse(row.collections) as { collection: string; changed: string | null }[] }) : null;
      activeBuilds.keep(projection, active, stamp);
      return active;
    },

    async activeCheckpoints() {
      const { rows } = await pool.query<{ projection: string; checkpoint: string | null }>('SELECT projection, checkpoint FROM read_builds WHERE active');
      return new Map(rows.map((row) => [row.projection, decodeCheckpoint(row.checkpoint)] as const));
    },

    changeStamp: changes.changeStamp,

    nextChange: changes.nextChange,

    createBuild: (build, collections, createOptions) => lifecycle.createBuild(build, collections, createOptions?.bulkLoad === true),

    finishBuild: (build) => lifecycle.finishBuild(build),

    async activate(build) {
      await lifecycle.activate(build);
      changes.committed();
    },

    /**
     * Rewrites (VACUUM FULL) every table written since the last scrub, and the state tables: a deleted or overwritten
     * row's old version stays in the file until then, and a plain VACUUM does not always overwrite it. The rewrite
     * makes a new file and unlinks the old one; reads of the table wait for it. The subject keys' table is rewritten
     * by the key store at each destroy.
     */
    async scrubDeleted() {
      const pending = await pool.query<{ physical: string }>('SELECT physical FROM scrub_pending UNION SELECT physical FROM read_state_tables');
      for (const { physical } of pending.rows) {
        const exists = await pool.query<{ found: string | null }>('SELECT to_regclass($1)::text AS found', [ident(physical)]);
        if (exists.rows[0]?.found) await pool.query(`VACUUM FULL ${ident(physical)}`);
        await pool.query('DELETE FROM scrub_pending WHERE physical = $1', [physical]);
      }
    },

    async ping() {
      await pool.query('SELECT 1');
    },

    async close() {
      await changes.close();
      await shared.release();
    },
  };
}
