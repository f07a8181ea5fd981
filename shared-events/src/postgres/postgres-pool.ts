import pg from 'pg';
import { migrate } from './migrations.ts';

/**
 * Type parsers for every query of ours: int8 as bigint (log positions pass 2^53 in EventStoreDB's numbering and
 * must stay exact everywhere), json and jsonb as their text (each caller parses it where and when it needs to: a
 * replay parses metadata once per append, not per event).
 */
const TYPES = new pg.TypeOverrides();
TYPES.setTypeParser(pg.types.builtins.INT8, 'text', (value: string) => BigInt(value));
TYPES.setTypeParser(pg.types.builtins.JSON, 'text', (value: string) => value);
TYPES.setTypeParser(pg.types.builtins.JSONB, 'text', (value: string) => value);

/** Connections per process: an API node, the projections service and the workers each hold one pool. */
const POOL_SIZE = 12;

export interface SharedPool {
  pool: pg.Pool;
  /** The schema this URL writes to (its search_path), whose name keys this deployment's locks and channels. */
  schema: string;
  /** Gives the pool back; the last user closes it. */
  release: () => Promise<void>;
}

interface Entry {
  pool: pg.Pool;
  users: number;
  ready: Promise<string>;
}

const pools = new Map<string, Entry>();

/**
 * One pool per DATABASE_URL per process, shared by the event log, the key store, the documents and the read models,
 * so a process holds a dozen connections rather than a dozen per store. The schema is migrated once per process,
 * before the first store uses it.
 */
export async function sharedPool(url: string): Promise<SharedPool> {
  let entry = pools.get(url);
  if (!entry) {
    const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, types: TYPES });
    // An idle connection the server dropped (a restart, a failover) must not crash the process: the pool makes a new one.
    pool.on('error', () => undefined);
    const created: Entry = { pool, users: 0, ready: migrate(pool) };
    entry = created;
    pools.set(url, entry);
    created.ready.catch(() => {
      if (pools.get(url) === created) pools.delete(url);
    });
  }
  entry.users += 1;
  const held = entry;
  let schema: string;
  try {
    schema = await held.ready;
  } catch (error) {
    held.users -= 1;
    if (held.users === 0) await held.pool.end().catch(() => undefined);
    throw error;
  }
  let released = false;
  return {
    pool: held.pool,
    schema,
    release: async () => {
      if (released) return;
      released = true;
      held.users -= 1;
      if (held.users > 0) return;
      if (pools.get(url) === held) pools.delete(url);
      await held.pool.end();
    },
  };
}

/** A dedicated connection outside the pool, for LISTEN (a pooled one would hand its notifications to whoever took it next). */
export function listeningClient(url: string): pg.Client {
  const client = new pg.Client({ connectionString: url, types: TYPES });
  client.on('error', () => undefined);
  return client;
}

/** `work` in one transaction on one connection of the pool, rolled back if it throws. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** A NOTIFY channel of this deployment's schema (channels are per database; schemas share one). */
export const channelOf = (schema: string, topic: string): string => `acc_${topic}_${schema}`.slice(0, 63);
