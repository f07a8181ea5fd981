import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { Collection, Doc, Filter, FindOptions } from '../read-store.ts';
import { filterKey } from '../filter-match.ts';
import type { DocumentTables, TableHandle } from './document-tables.ts';
import { fieldPath, isMissingTable, quote } from './sql-text.ts';

/** get, find and count on the document tables, through statements prepared once per SQL text. */
export function documentReads(db: SqliteDatabase, tables: DocumentTables) {
  const queries = new Map<string, Statement<unknown[], { doc?: string; n?: number }>>();

  /** One `SELECT id` of the side index per filtered field (indexed the first time a filter names it). */
  function keyQueries(handle: TableHandle, filter: Filter | undefined): { selects: string[]; params: unknown[] } {
    const keys = quote(`${handle.physical}__keys`);
    const selects: string[] = [];
    const params: unknown[] = [];
    for (const [field, value] of Object.entries(filter ?? {})) {
      if (!handle.fields.includes(field)) tables.indexField(handle, field);
      selects.push(`SELECT id FROM ${keys} WHERE field = ? AND key = ?`);
      params.push(field, filterKey(value));
    }
    return { selects, params };
  }

  function whereClause(handle: TableHandle, filter: Filter | undefined): { sql: string; params: unknown[] } {
    const { selects, params } = keyQueries(handle, filter);
    if (selects.length === 0) return { sql: '', params: [] };
    return { sql: ` WHERE ${selects.map((select) => `id IN (${select})`).join(' AND ')}`, params };
  }

  function query(sql: string): Statement<unknown[], { doc?: string; n?: number }> {
    let statement = queries.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      queries.set(sql, statement);
    }
    return statement;
  }

  /**
   * A find in a build's bulk table, which has no id index yet: there `id IN (…)` scanned the whole table for every
   * find, and a rebuild became quadratic in the students (each student's refresh finds its shares, plans and
   * documents: 8.5 k events per CPU-second at 2 M events against 51 k at 200 k). The side index gives the
   * ids; each document comes through the build's rowids, in id order as the indexed table answers.
   */
  function findInBulk<T extends Doc>(handle: TableHandle, filter: Filter): T[] {
    const { selects, params } = keyQueries(handle, filter);
    const ids = query(`SELECT id AS doc FROM (${selects.join(' INTERSECT ')}) ORDER BY id`).all(...params);
    return ids.flatMap((row) => {
      const found = handle.get(row.doc!);
      return found ? [JSON.parse(found.doc) as T] : [];
    });
  }

  function findIn<T extends Doc>(physical: string | null, filter?: Filter, options?: FindOptions): T[] {
    if (physical === null) return [];
    const handle = tables.handleFor(physical);
    if (handle.bulk && filter && Object.keys(filter).length > 0 && !options) return findInBulk<T>(handle, filter);
    const where = whereClause(handle, filter);
    let sql = `SELECT doc FROM ${quote(physical)}${where.sql}`;
    const params = [...where.params];
    if (options?.sort) {
      const direction = options.sort.direction === 'desc' ? 'DESC' : 'ASC';
      sql += ` ORDER BY json_extract(doc, ?) ${direction}, id ${direction}`;
      params.push(fieldPath(options.sort.field));
    }
    if (options?.limit !== undefined || options?.skip !== undefined) {
      sql += ' LIMIT ? OFFSET ?';
      params.push(options.limit ?? -1, options.skip ?? 0);
    }
    return query(sql)
      .all(...params)
      .map((row) => JSON.parse(row.doc!) as T);
  }

  function countIn(physical: string | null, filter?: Filter): number {
    if (physical === null) return 0;
    const where = whereClause(tables.handleFor(physical), filter);
    return query(`SELECT COUNT(*) AS n FROM ${quote(physical)}${where.sql}`).get(...where.params)?.n ?? 0;
  }

  function getIn<T extends Doc>(physical: string | null, id: string): T | null {
    if (physical === null) return null;
    const row = tables.handleFor(physical).get(id);
    return row ? (JSON.parse(row.doc) as T) : null;
  }

  return {
    /**
     * Reads go through a resolver, so that a logical collection follows the active build across swaps. A resolver
     * that caches may be told that the table it gave is gone (`stale`); the read then asks it once more.
     */
    collectionOver<T extends Doc>(resolve: () => string | null, stale?: (physical: string) => void): Collection<T> {
      const read = <R>(op: (physical: string | null) => R): R => {
        const physical = resolve();
        try {
          return op(physical);
        } catch (error) {
          if (!stale || physical === null || !isMissingTable(error)) throw error;
          stale(physical);
          return op(resolve());
        }
      };
      return {
        get: async (id) => read((physical) => getIn<T>(physical, id)),
        find: async (filter, findOptions) => read((physical) => findIn<T>(physical, filter, findOptions)),
        count: async (filter) => read((physical) => countIn(physical, filter)),
      };
    },
    /** Statements on tables a swap may have dropped go: they would fail, or answer for a table made anew. */
    forgetQueries: (): void => queries.clear(),
  };
}

export type DocumentReads = ReturnType<typeof documentReads>;
