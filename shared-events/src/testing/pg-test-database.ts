import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe } from 'vitest';

/** Where the tests find PostgreSQL when TEST_DATABASE_URL is not set: the server every machine here runs. */
export const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface PgTestDatabase {
  /** A URL whose search_path is a schema of this suite's own (or a database of its own): migrate it, fill it, drop it. */
  url: string;
  /** The database's server URL without the schema, for a second look (raw bytes, another node). */
  serverUrl: string;
  schema: string;
  drop(): Promise<void>;
}

const withSearchPath = (url: string, schema: string): string => {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
};

async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A place of its own for one suite. With TEST_DATABASE_URL (the run's database, made by the test set-up): a schema
 * `suite_<label>_<random>` in it, dropped afterwards. Otherwise a database `accommodate_test_<random>` on the local
 * server, dropped afterwards. Null, after printing why, when PostgreSQL cannot be reached; under CI that is an error.
 */
export async function pgTestDatabase(label: string): Promise<PgTestDatabase | null> {
  const suffix = randomBytes(6).toString('hex');
  const given = process.env.TEST_DATABASE_URL;
  try {
    if (given) {
      const schema = `suite_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase().slice(0, 30)}_${suffix}`;
      await onServer(given, (client) => client.query(`CREATE SCHEMA "${schema}"`));
      return { url: withSearchPath(given, schema), serverUrl: given, schema, drop: () => onServer(given, (client) => client.query(`DROP SCHEMA "${schema}" CASCADE`)).then(() => undefined) };
    }
    const database = `accommodate_test_${suffix}`;
    await onServer(LOCAL_POSTGRES, (client) => client.query(`CREATE DATABASE "${database}"`));
    const url = new URL(LOCAL_POSTGRES);
    url.pathname = `/${database}`;
    return {
      url: url.toString(),
      serverUrl: url.toString(),
      schema: 'public',
      drop: () => onServer(LOCAL_POSTGRES, (client) => client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)).then(() => undefined),
    };
  } catch (error) {
    const why = `PostgreSQL is not reachable at ${given ? 'TEST_DATABASE_URL' : LOCAL_POSTGRES} (${error instanceof Error ? error.message : String(error)})`;
    if (process.env.CI) throw new Error(`${label}: ${why}`, { cause: error });
    console.warn(`${label} skipped: ${why}`);
    return null;
  }
}

/** pgTestDatabase for a whole spec file: the database, or null after listing `title` as skipped with the reason printed. */
export async function pgTestDatabaseOrSkip(title: string): Promise<PgTestDatabase | null> {
  const database = await pgTestDatabase(title);
  if (!database) describe.skip(`${title} (skipped: PostgreSQL is not reachable)`, () => undefined);
  return database;
}
