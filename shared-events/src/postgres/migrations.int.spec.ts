import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { pgTestDatabaseOrSkip } from '../testing/pg-test-database.ts';
import { migrate, MIGRATIONS } from './migrations.ts';

const empty = await pgTestDatabaseOrSkip('PostgreSQL migrations from an empty database');
const raced = await pgTestDatabaseOrSkip('PostgreSQL migrations, two nodes at once');

const tablesOf = async (pool: pg.Pool): Promise<string[]> =>
  (await pool.query<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY 1`)).rows.map((row) => row.name);

if (empty && raced) {
  describe('PostgreSQL schema migrations', () => {
    afterAll(async () => {
      await empty.drop();
      await raced.drop();
    });

    it('from an empty database: applies every step once, in order, and a second start changes nothing', async () => {
      const pool = new pg.Pool({ connectionString: empty.url });
      try {
        expect(await tablesOf(pool)).toEqual([]);
        await migrate(pool);
        const applied = (await pool.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')).rows.map((row) => row.version);
        expect(applied).toEqual(MIGRATIONS.map((migration) => migration.version));
        expect(await tablesOf(pool)).toEqual(expect.arrayContaining(['events', 'subject_keys', 'documents', 'read_builds', 'schema_migrations']));
        await pool.query(`SELECT * FROM accommodate_append('{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}')`);

        await migrate(pool);
        expect((await pool.query('SELECT version FROM schema_migrations')).rowCount).toBe(MIGRATIONS.length);
      } finally {
        await pool.end();
      }
    });

    it('two nodes starting at once: both start, the steps run once', async () => {
      const nodes = [new pg.Pool({ connectionString: raced.url }), new pg.Pool({ connectionString: raced.url })];
      try {
        const results = await Promise.allSettled(nodes.map((pool) => migrate(pool)));
        expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
        const versions = (await nodes[0]!.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')).rows.map((row) => row.version);
        expect(versions).toEqual(MIGRATIONS.map((migration) => migration.version));
      } finally {
        await Promise.all(nodes.map((pool) => pool.end()));
      }
    });

    it('refuses a database a newer build migrated', async () => {
      const pool = new pg.Pool({ connectionString: raced.url });
      try {
        await pool.query(`INSERT INTO schema_migrations (version, name) VALUES (9999, 'from the future')`);
        await expect(migrate(pool)).rejects.toThrow(/newer build/);
      } finally {
        await pool.query('DELETE FROM schema_migrations WHERE version = 9999');
        await pool.end();
      }
    });
  });
}
