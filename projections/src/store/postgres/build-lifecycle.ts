import type pg from 'pg';
import type { Position } from '@accommodate/shared-events/events/envelope';
import { inTransaction } from '@accommodate/shared-events/postgres/postgres-pool';
import { BuildNotFoundError } from '../build-not-found-error.ts';
import {
  buildCollectionKey,
  buildExistsError,
  buildMissingError,
  checkpointBackwardsError,
  collectionNotInBuildError,
  collectionOwnedError,
  decodeCheckpoint,
  encodeCheckpoint,
} from '../build-records.ts';
import type { BuildRef, Write } from '../read-store.ts';
import type { DocumentSql } from './document-sql.ts';
import type { BulkBuilds } from './bulk-builds.ts';
import { fieldLiteral, ident, physicalName } from './sql-text.ts';

/** Rows per statement of a commit's upserts: a replay commits 100,000 writes at once. */
const ROWS_PER_STATEMENT = 5_000;

/** A commit's writes per collection, the last write of each id winning (an upsert cannot touch a row twice). */
function lastWrites(writes: readonly Write[]): Map<string, Map<string, Write>> {
  const byCollection = new Map<string, Map<string, Write>>();
  for (const write of writes) {
    let ids = byCollection.get(write.collection);
    if (!ids) byCollection.set(write.collection, (ids = new Map<string, Write>()));
    const id = write.kind === 'put' ? write.doc.id : write.id;
    ids.delete(id);
    ids.set(id, write);
  }
  return byCollection;
}

async function applyWrites(client: pg.PoolClient, physical: string, writes: Iterable<Write>): Promise<void> {
  const deletes: string[] = [];
  const ids: string[] = [];
  const docs: string[] = [];
  for (const write of writes) {
    if (write.kind === 'delete') deletes.push(write.id);
    else {
      ids.push(write.doc.id);
      docs.push(JSON.stringify(write.doc));
    }
  }
  const table = ident(physical);
  if (deletes.length > 0) await client.query(`DELETE FROM ${table} WHERE id = ANY($1::text[])`, [deletes]);
  for (let from = 0; from < ids.length; from += ROWS_PER_STATEMENT) {
    await client.query(
      `INSERT INTO ${table} (id, doc) SELECT * FROM unnest($1::text[], $2::jsonb[]) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc`,
      [ids.slice(from, from + ROWS_PER_STATEMENT), docs.slice(from, from + ROWS_PER_STATEMENT)],
    );
  }
}

/**
 * A build's life, blue-green, as the embedded store's: made beside the serving one, written in commits that move its
 * checkpoint in the same transaction, then activated, which drops the tables of the build it replaced in that same
 * transaction (DDL is transactional here). Catalog changes that create or drop tables run under an advisory lock, so
 * two nodes never race on them. A bulk-loaded build's tables are UNLOGGED until finished (no WAL for a replay that a
 * crash would restart anyway), then logged before they serve.
 */
export function buildLifecycle(pool: pg.Pool, schema: string, documents: DocumentSql, channel: string, bulk: BulkBuilds) {
  const notify = async (client: pg.PoolClient): Promise<void> => void (await client.query('SELECT pg_notify($1, $2)', [channel, '']));
  /** A build's tables never move: remembered until the build is dropped. */
  const buildPhysicals = new Map<string, string>();
  const catalogLock = (client: pg.PoolClient) => client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${schema}:read-catalog`]);

  async function physicalOfBuild(build: BuildRef, collection: string, client: pg.Pool | pg.PoolClient = pool): Promise<string> {
    const key = buildCollectionKey(build, collection);
    const known = buildPhysicals.get(key);
    if (known) return known;
    const { rows } = await client.query<{ physical: string }>('SELECT physical FROM read_build_collections WHERE projection = $1 AND build = $2 AND collection = $3', [
      build.projection,
      build.build,
      collection,
    ]);
    if (!rows[0]) {
      const exists = await client.query('SELECT 1 FROM read_builds WHERE projection = $1 AND build = $2', [build.projection, build.build]);
      throw exists.rowCount === 0 ? new BuildNotFoundError(build.projection) : collectionNotInBuildError(build, collection);
    }
    buildPhysicals.set(key, rows[0].physical);
    return rows[0].physical;
  }

  /**
   * A batch with nothing to write (most events concern few projections, and every event moves every checkpoint): one
   * statement, not a transaction of five.
   */
  async function moveCheckpoint(build: BuildRef, next: string): Promise<void> {
    const { rows } = await pool.query<{ found: bigint; moved: bigint }>(
      `WITH found AS (SELECT 1 FROM read_builds WHERE projection = $2 AND build = $3),
       moved AS (UPDATE read_builds SET checkpoint = $1 WHERE projection = $2 AND build = $3 AND (checkpoint IS NULL OR checkpoint <= $1) RETURNING 1)
       SELECT (SELECT count(*) FROM found) AS found, (SELECT count(*) FROM moved) AS moved, pg_notify($4, '')`,
      [next, build.projection, build.build, channel],
    );
    if (rows[0]?.found === 0n) throw new BuildNotFoundError(build.projection);
    if (rows[0]?.moved === 0n) throw checkpointBackwardsError(build);
  }

  async function dropBuilds(client: pg.PoolClient, projection: string, builds: readonly string[]): Promise<void> {
    if (builds.length === 0) return;
    const { rows } = await client.query<{ build: string; collection: string; physical: string }>(
      'SELECT build, collection, physical FROM read_build_collections WHERE projection = $1 AND build = ANY($2::text[])',
      [projection, builds],
    );
    for (const { build, collection, physical } of rows) {
      await client.query(`DROP TABLE IF EXISTS ${ident(physical)}`);
      await client.query('DELETE FROM read_filter_indexes WHERE physical = $1', [physical]);
      documents.forgetIndexes(physical);
      buildPhysicals.delete(buildCollectionKey({ projection, build }, collection));
    }
    await client.query('DELETE FROM read_builds WHERE projection = $1 AND build = ANY($2::text[])', [projection, builds]);
  }

  /** A bulk load's documents and checkpoint, from memory into its (still unlogged) tables, in one transaction. */
  async function writeOut(build: BuildRef): Promise<void> {
    const loaded = bulk.take(build);
    if (!loaded) return;
    await inTransaction(pool, async (client) => {
      const { rowCount } = await client.query('SELECT 1 FROM read_builds WHERE projection = $1 AND build = $2 FOR UPDATE', [build.projection, build.build]);
      if (rowCount === 0) throw new BuildNotFoundError(build.projection);
      for (const [collection, { docs, changed }] of loaded.collections) {
        const table = ident(await physicalOfBuild(build, collection, client));
        const ids = [...docs.keys()];
        const texts = [...docs.values()];
        for (let from = 0; from < ids.length; from += ROWS_PER_STATEMENT) {
          await client.query(`INSERT INTO ${table} (id, doc) SELECT * FROM unnest($1::text[], $2::jsonb[])`, [ids.slice(from, from + ROWS_PER_STATEMENT), texts.slice(from, from + ROWS_PER_STATEMENT)]);
        }
        await client.query('UPDATE read_build_collections SET changed = $1 WHERE projection = $2 AND build = $3 AND collection = $4', [changed, build.projection, build.build, collection]);
      }
      await client.query('UPDATE read_builds SET checkpoint = $1, changed = $2 WHERE projection = $3 AND build = $4', [loaded.checkpoint, loaded.changed, build.projection, build.build]);
    });
  }

  async function finishBuild(build: BuildRef): Promise<void> {
    await writeOut(build);
    await inTransaction(pool, async (client) => {
      const { rows } = await client.query<{ physical: string }>(
        `SELECT c.physical FROM read_build_collections c JOIN pg_class t ON t.relname = c.physical AND t.relpersistence = 'u'
         JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = current_schema() WHERE c.projection = $1 AND c.build = $2`,
        [build.projection, build.build],
      );
      for (const { physical } of rows) await client.query(`ALTER TABLE ${ident(physical)} SET LOGGED`);
    });
  }

  return {
    physicalOfBuild,

    async commit(build: BuildRef, writes: readonly Write[], checkpoint: Position): Promise<void> {
      const inMemory = bulk.commit(build, writes, checkpoint);
      if (inMemory.applied) return inMemory.spill ? writeOut(build) : undefined;
      const next = encodeCheckpoint(checkpoint);
      if (writes.length === 0) return moveCheckpoint(build, next);
      const byCollection = lastWrites(writes);
      await inTransaction(pool, async (client) => {
        // The build's row, locked: two runners on one build take turns, and the later one finds the checkpoint moved.
        const { rows } = await client.query<{ checkpoint: string | null }>('SELECT checkpoint FROM read_builds WHERE projection = $1 AND build = $2 FOR UPDATE', [
          build.projection,
          build.build,
        ]);
        if (!rows[0]) throw new BuildNotFoundError(build.projection);
        if (rows[0].checkpoint !== null && next < rows[0].checkpoint) throw checkpointBackwardsError(build);
        const written: string[] = [];
        for (const [collection, byId] of byCollection) {
          const physical = await physicalOfBuild(build, collection, client);
          await applyWrites(client, physical, byId.values());
          written.push(physical);
        }
        // An overwritten or deleted row's old version stays in the file: these tables are rewritten at the next erasure.
        if (written.length > 0) await client.query('INSERT INTO scrub_pending (physical) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING', [written]);
        await client.query('UPDATE read_builds SET checkpoint = $1, changed = $1 WHERE projection = $2 AND build = $3', [next, build.projection, build.build]);
        await client.query('UPDATE read_build_collections SET changed = $1 WHERE projection = $2 AND build = $3 AND collection = ANY($4::text[])', [
          next,
          build.projection,
          build.build,
          [...byCollection.keys()],
        ]);
        await notify(client);
      });
    },

    async checkpoint(build: BuildRef): Promise<Position | null> {
      const inMemory = bulk.checkpoint(build);
      if (inMemory !== undefined) return decodeCheckpoint(inMemory);
      const { rows } = await pool.query<{ checkpoint: string | null }>('SELECT checkpoint FROM read_builds WHERE projection = $1 AND build = $2', [build.projection, build.build]);
      return rows[0] ? decodeCheckpoint(rows[0].checkpoint) : null;
    },

    async createBuild(build: BuildRef, collections: readonly string[], bulkLoad: boolean): Promise<void> {
      await inTransaction(pool, async (client) => {
        await catalogLock(client);
        const exists = await client.query('SELECT 1 FROM read_builds WHERE projection = $1 AND build = $2', [build.projection, build.build]);
        if (exists.rowCount !== 0) throw buildExistsError(build);
        const owners = await client.query<{ collection: string; projection: string }>(
          'SELECT collection, projection FROM read_build_collections WHERE collection = ANY($1::text[]) AND projection <> $2 LIMIT 1',
          [[...collections], build.projection],
        );
        if (owners.rows[0]) throw collectionOwnedError(owners.rows[0].collection, owners.rows[0].projection);
        const created = Number((await client.query<{ created: bigint }>(`SELECT nextval('read_builds_created') AS created`)).rows[0]!.created);
        await client.query('INSERT INTO read_builds (projection, build, version, created) VALUES ($1, $2, $3, $4)', [build.projection, build.build, build.version, created]);
        for (const collection of collections) {
          const physical = physicalName(created, collection);
          await client.query(`CREATE ${bulkLoad ? 'UNLOGGED ' : ''}TABLE ${ident(physical)} (id text PRIMARY KEY, doc jsonb NOT NULL)`);
          await client.query('INSERT INTO read_build_collections (projection, build, collection, physical) VALUES ($1, $2, $3, $4)', [
            build.projection,
            build.build,
            collection,
            physical,
          ]);
          // Inherit the filter indexes the serving build has grown, so reads after the swap stay fast.
          const { rows } = await client.query<{ field: string }>(
            `SELECT f.field FROM read_filter_indexes f JOIN read_build_collections c ON c.physical = f.physical
             JOIN read_builds b ON b.projection = c.projection AND b.build = c.build AND b.active WHERE c.projection = $1 AND c.collection = $2`,
            [build.projection, collection],
          );
          for (const { field } of rows) {
            await client.query(`CREATE INDEX ${ident(documents.indexName(physical, field))} ON ${ident(physical)} USING gin ((doc -> ${fieldLiteral(field)}))`);
            await client.query('INSERT INTO read_filter_indexes (physical, field) VALUES ($1, $2)', [physical, field]);
          }
        }
      });
      if (bulkLoad) bulk.start(build, collections);
    },

    finishBuild,

    async activate(build: BuildRef): Promise<void> {
      await finishBuild(build);
      await inTransaction(pool, async (client) => {
        await catalogLock(client);
        const { rows } = await client.query<{ build: string; active: boolean; created: number }>('SELECT build, active, created FROM read_builds WHERE projection = $1 FOR UPDATE', [
          build.projection,
        ]);
        const found = rows.find((row) => row.build === build.build);
        if (!found) throw buildMissingError(build);
        if (found.active) return;
        const previous = rows.find((row) => row.active);
        await client.query('UPDATE read_builds SET active = false WHERE projection = $1 AND active', [build.projection]);
        await client.query('UPDATE read_builds SET active = true WHERE projection = $1 AND build = $2', [build.projection, build.build]);
        // The replaced build goes, and so do builds abandoned before this one; a later one may still be catching up.
        const replaced = rows.filter((row) => row.build !== build.build && (row.build === previous?.build || row.created < found.created)).map((row) => row.build);
        await dropBuilds(client, build.projection, replaced);
        await notify(client);
      });
    },
  };
}
