/** A row that a paged read can resume after: SQLite's rowid. */
export interface PagedRow {
  rowid: number;
}

/**
 * Every row of a table, read a page at a time in rowid order (`readPage(after, limit)`: up to `limit` rows with a
 * rowid above `after`). Memory holds one page, however large the table; and, unlike `Statement.iterate()`, no query is
 * open between pages, so the caller may write to the same connection as it goes (e.g. into a side index).
 */
export function* rowsInPages<Row extends PagedRow>(readPage: (after: number, limit: number) => Row[], pageSize: number): Generator<Row> {
  let after = 0;
  for (;;) {
    const page = readPage(after, pageSize);
    yield* page;
    if (page.length < pageSize) return;
    after = page.at(-1)!.rowid;
  }
}
