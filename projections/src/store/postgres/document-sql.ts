import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Collection, Doc, Filter, FindOptions } from '../read-store.ts';
import { fieldLiteral, filterIndexName, ident, isMissingTable } from './sql-text.ts';

const shortHash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 24);

/**
 * One equality of a filter, with MongoDB's meaning: jsonb containment of the value matches a field equal to it and an
 * array field holding it (1, '1' and true stay apart); null matches a missing or null field or an array holding null.
 */
function condition(field: string, value: Filter[string], param: number): string {
  const path = `doc -> ${fieldLiteral(field)}`;
  if (value === null) return `(${path} IS NULL OR ${path} = 'null'::jsonb OR ${path} @> '[null]'::jsonb)`;
  return `${path} @> $${param}::jsonb`;
}

/** WHERE text and values of a filter (top-level equalities, ANDed). */
export function whereOf(filter: Filter | undefined): { text: string; values: string[] } {
  const values: string[] = [];
  const parts: string[] = [];
  for (const [field, value] of Object.entries(filter ?? {})) {
    if (value !== null) values.push(JSON.stringify(value));
    parts.push(condition(field, value, values.length));
  }
  return { text: parts.length > 0 ? `WHERE ${parts.join(' AND ')}` : '', values };
}

/** The embedded store's order (filter-match.ts compareForSort): null and missing first, numbers and booleans, then strings; ties by id. */
function orderOf(options: FindOptions | undefined): string {
  if (!options?.sort) return '';
  const path = `doc -> ${fieldLiteral(options.sort.field)}`;
  const direction = options.sort.direction === 'desc' ? 'DESC' : 'ASC';
  const kind = `jsonb_typeof(${path})`;
  return `ORDER BY CASE WHEN ${path} IS NULL OR ${kind} = 'null' THEN 0 WHEN ${kind} IN ('number', 'boolean') THEN 1 ELSE 2 END ${direction},
    CASE WHEN ${kind} = 'number' THEN (${path})::numeric WHEN ${kind} = 'boolean' THEN CASE WHEN (${path})::boolean THEN 1 ELSE 0 END END ${direction},
    CASE WHEN ${kind} = 'string' THEN ${path} #>> '{}' END COLLATE "C" ${direction},
    id COLLATE "C" ${direction}`;
}

function pageOf(options: FindOptions | undefined, values: unknown[]): string {
  let text = '';
  if (options?.limit !== undefined) {
    values.push(options.limit);
    text += ` LIMIT $${values.length}`;
  }
  if (options?.skip) {
    values.push(options.skip);
    text += ` OFFSET $${values.length}`;
  }
  return text;
}

/**
 * get, find and count over documents' tables (id text, doc jsonb). A field is indexed (GIN on the field's value, which
 * serves equality and array membership alike) the first time something filters by it, and recorded in
 * read_filter_indexes so that the next build of the collection has it from the start.
 */
export function documentSql(pool: pg.Pool) {
  const indexed = new Set<string>();

  async function indexField(physical: string, field: string): Promise<void> {
    const key = `${physical}\u0000${field}`;
    if (indexed.has(key)) return;
    const index = filterIndexName(physical, field, shortHash);
    await pool.query(`CREATE INDEX IF NOT EXISTS ${ident(index)} ON ${ident(physical)} USING gin ((doc -> ${fieldLiteral(field)}))`).catch((error: unknown) => {
      // Two nodes indexing the same field at once: the other one's index serves.
      if ((error as { code?: unknown }).code !== '23505' && (error as { code?: unknown }).code !== '42P07') throw error;
    });
    await pool.query('INSERT INTO read_filter_indexes (physical, field) VALUES ($1, $2) ON CONFLICT DO NOTHING', [physical, field]);
    indexed.add(key);
  }

  async function ensureIndexes(physical: string, filter: Filter | undefined): Promise<void> {
    for (const field of Object.keys(filter ?? {})) await indexField(physical, field);
  }

  return {
    indexName: (physical: string, field: string) => filterIndexName(physical, field, shortHash),

    /**
     * Reads through a resolver, so that a logical collection follows the active build across swaps; a read that finds
     * its table dropped (another node swapped) tells the resolver (`stale`) and asks it once more.
     */
    collectionOver<T extends Doc>(resolve: () => Promise<string | null>, stale?: (physical: string) => void): Collection<T> {
      const read = async <R>(op: (physical: string | null) => Promise<R>): Promise<R> => {
        const physical = await resolve();
        try {
          return await op(physical);
        } catch (error) {
          if (!stale || physical === null || !isMissingTable(error)) throw error;
          stale(physical);
          return op(await resolve());
        }
      };
      return {
        get: (id) =>
          read(async (physical) => {
            if (physical === null) return null;
            const { rows } = await pool.query<{ doc: string }>(`SELECT doc FROM ${ident(physical)} WHERE id = $1`, [id]);
            return rows[0] ? (JSON.parse(rows[0].doc) as T) : null;
          }),
        find: (filter, options) =>
          read(async (physical) => {
            if (physical === null) return [];
            await ensureIndexes(physical, filter);
            const { text, values } = whereOf(filter);
            const all: unknown[] = values;
            const { rows } = await pool.query<{ doc: string }>(`SELECT doc FROM ${ident(physical)} ${text} ${orderOf(options)}${pageOf(options, all)}`, all);
            return rows.map((row) => JSON.parse(row.doc) as T);
          }),
        count: (filter) =>
          read(async (physical) => {
            if (physical === null) return 0;
            await ensureIndexes(physical, filter);
            const { text, values } = whereOf(filter);
            const { rows } = await pool.query<{ n: bigint }>(`SELECT count(*) AS n FROM ${ident(physical)} ${text}`, values);
            return Number(rows[0]?.n ?? 0n);
          }),
      };
    },

    /** A dropped table's indexes go with it. */
    forgetIndexes(physical: string): void {
      for (const key of indexed) if (key.startsWith(`${physical}\u0000`)) indexed.delete(key);
    },
  };
}

export type DocumentSql = ReturnType<typeof documentSql>;
