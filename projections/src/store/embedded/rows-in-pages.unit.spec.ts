import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { rowsInPages, type PagedRow } from './rows-in-pages.ts';

/** A table of `count` documents, and a reader of its pages that notes the largest page it was asked for. */
function documents(count: number) {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE docs (id TEXT PRIMARY KEY, doc TEXT NOT NULL); CREATE TABLE copies (id TEXT PRIMARY KEY)');
  const insert = db.prepare<[string, string]>('INSERT INTO docs (id, doc) VALUES (?, ?)');
  db.transaction(() => {
    for (let n = 0; n < count; n++) insert.run(`d${n}`, JSON.stringify({ n }));
  })();
  const page = db.prepare<[number, number], PagedRow & { id: string }>('SELECT rowid, id FROM docs WHERE rowid > ? ORDER BY rowid LIMIT ?');
  const asked: number[] = [];
  const readPage = (after: number, limit: number) => {
    const rows = page.all(after, limit);
    asked.push(rows.length);
    return rows;
  };
  return { db, readPage, asked };
}

describe('rowsInPages', () => {
  it('given more rows than a page, yields every row once, in order, holding a page at a time', () => {
    const { readPage, asked } = documents(2_501);
    const ids = [...rowsInPages(readPage, 1_000)].map((row) => row.id);
    expect(ids).toEqual(Array.from({ length: 2_501 }, (_, n) => `d${n}`));
    expect(asked).toEqual([1_000, 1_000, 501]);
  });

  it('given a table that ends on a page boundary, or an empty one, stops at the first short page', () => {
    const full = documents(2_000);
    expect([...rowsInPages(full.readPage, 1_000)]).toHaveLength(2_000);
    expect(full.asked).toEqual([1_000, 1_000, 0]);
    const empty = documents(0);
    expect([...rowsInPages(empty.readPage, 1_000)]).toEqual([]);
  });

  it('lets the caller write to the same connection between rows, which an open iterate() refuses', () => {
    const { db, readPage } = documents(1_500);
    const copy = db.prepare<[string]>('INSERT INTO copies (id) VALUES (?)');
    db.transaction(() => {
      for (const row of rowsInPages(readPage, 100)) copy.run(row.id);
    })();
    expect(db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM copies').get()?.n).toBe(1_500);
    expect(() => {
      for (const row of db.prepare<[], { id: string }>('SELECT id FROM docs').iterate()) copy.run(`again-${row.id}`);
    }).toThrow(/busy/);
  });
});
