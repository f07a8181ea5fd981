import type pg from 'pg';
import { EVENT_LOG_SCHEMA } from './event-log-schema.ts';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/**
 * The schema, as versioned steps: each runs once, in order, in the transaction that records it. A step is never
 * edited once released; a change is a new step.
 */
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'event log', sql: EVENT_LOG_SCHEMA },
  {
    version: 2,
    name: 'subject keys',
    // A destroyed key leaves its row with no key: a late event about the subject is never sealed under a new one.
    sql: `CREATE TABLE subject_keys (subject text PRIMARY KEY, key bytea, destroyed_at timestamptz)`,
  },
  {
    version: 3,
    name: 'documents',
    sql: `CREATE TABLE documents (id text PRIMARY KEY, bytes bytea NOT NULL, stored_at timestamptz NOT NULL DEFAULT now())`,
  },
  {
    version: 4,
    name: 'read model catalog',
    sql: `
      CREATE TABLE read_builds (
        projection text NOT NULL,
        build text NOT NULL,
        version integer NOT NULL,
        checkpoint text,
        changed text,
        active boolean NOT NULL DEFAULT false,
        created integer NOT NULL UNIQUE,
        PRIMARY KEY (projection, build)
      );
      CREATE UNIQUE INDEX read_builds_one_active ON read_builds (projection) WHERE active;
      CREATE SEQUENCE read_builds_created;
      CREATE TABLE read_build_collections (
        projection text NOT NULL,
        build text NOT NULL,
        collection text NOT NULL,
        physical text NOT NULL UNIQUE,
        changed text,
        PRIMARY KEY (projection, build, collection),
        FOREIGN KEY (projection, build) REFERENCES read_builds ON DELETE CASCADE
      );
      CREATE INDEX read_build_collections_by_name ON read_build_collections (collection);
      CREATE TABLE read_filter_indexes (physical text NOT NULL, field text NOT NULL, PRIMARY KEY (physical, field));
      CREATE TABLE read_state_tables (name text PRIMARY KEY, physical text NOT NULL UNIQUE);
    `,
  },
  {
    version: 5,
    name: 'tables to scrub after an erasure',
    // Tables whose rows were overwritten or deleted since the last erasure's scrub: their old row versions may still
    // hold a deleted student's data in the files until rewritten.
    sql: `CREATE TABLE scrub_pending (physical text PRIMARY KEY)`,
  },
];

/**
 * Brings the schema of the URL's search_path up to date, and answers its name. Safe when nodes start at once: the
 * steps run under a transaction-scoped advisory lock, so the second node waits, then finds them applied. A database
 * migrated by a newer build is refused rather than written with an older idea of its tables.
 */
export async function migrate(pool: pg.Pool): Promise<string> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const schema = (await client.query<{ schema: string | null }>('SELECT current_schema() AS schema')).rows[0]?.schema;
    if (!schema) throw new Error('DATABASE_URL names no schema that exists (see its search_path)');
    await client.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`${schema}:migrations`]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const applied = new Set((await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((row) => row.version));
    const known = new Set(MIGRATIONS.map((migration) => migration.version));
    if ([...applied].some((version) => !known.has(version))) throw new Error('The database was migrated by a newer build of Accommodate');
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.version)) continue;
      await client.query(migration.sql);
      await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
    }
    await client.query('COMMIT');
    return schema;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
