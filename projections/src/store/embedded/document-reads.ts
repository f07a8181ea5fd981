import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { Collection, Doc, Filter, FindOptions } from '../read-store.ts';
import { filterKey } from '../filter-match.ts';
import type { DocumentTables, TableHandle } from './document-tables.ts';
import { fieldPath, isMissingTable, quote } from './sql-text.ts';

/** get, find and count on the document tables, through statements prepared once per SQL text. */
export function documentReads(db: SqliteDatabase, tables: DocumentTables) {
  const queries = new Map<string, Statement<unknown[], { doc?: string; n?: number }>>();

  function whereClause(handle: TableHandle, filter: Filter | undefined): { sql: string; params: unknown[] } {
    const entries = Object.entries(filter ?? {});
    if (entries.length === 0) return { sql: '', params: [] };
    const keys = quote(`${handle.physical}__keys`);
    const conditions: string[] = [];
    const params: unknown[] = [];
    for (const [field, value] of entries) {
      if (!handle.fields.includes(field)) tables.indexField(handle, field);
      conditions.push(`id IN (SELECT id FROM ${keys} WHERE field = ? AND key = ?)`);
      params.push(field, filterKey(value));
    }
    return { sql: ` WHERE ${conditions.join(' AND ')}`, params };
  }

  function query(sql: string): Statement<unknown[], { doc?: string; n?: number }> {
    let statement = queries.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      queries.set(sql, statement);
    }
    return statement;
  }

  function findIn<T extends Doc>(physical: string | null, filter?: Filter, options?: FindOptions): T[] {
    if (physical === null) return [];
    const handle = tables.handleFor(physical);
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
