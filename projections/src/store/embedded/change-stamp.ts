import type { Database as SqliteDatabase } from 'better-sqlite3';

export interface ChangeTracking {
  /** read-store.ts's changeStamp: moves with every commit, this connection's or another's. */
  changeStamp: () => string;
  /**
   * `fn` as an IMMEDIATE transaction that counts towards the stamp. Every write of the store goes through one,
   * a checkpoint's included: the catalog's rows are kept under the stamp too (table-resolution.ts).
   */
  writeTransaction<Args extends unknown[], Result>(fn: (...args: Args) => Result): (...args: Args) => Result;
}

/**
 * What `changeStamp` is made of: SQLite's data_version moves when another connection commits (another
 * process, a second store on the file), and `ownWrites` when this one does (data_version does not count
 * a connection's own commits), hence one place for both.
 */
export function trackChanges(db: SqliteDatabase): ChangeTracking {
  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  let ownWrites = 0;

  /**
   * Every write transaction here begins IMMEDIATE. A deferred one reads first (the build row, the indexed fields)
   * and then asks for the write lock; SQLite answers that upgrade with SQLITE_BUSY at once, without the busy
   * timeout, whenever another connection is writing (another process's runner or API node, the checkpointer
   * thread's pass), which surfaced as a 500 on sign-up in the multi-process crash test.
   */
  function writeTransaction<Args extends unknown[], Result>(fn: (...args: Args) => Result): (...args: Args) => Result {
    const transaction = db.transaction(fn);
    return (...args) => {
      try {
        return transaction.immediate(...args);
      } finally {
        ownWrites += 1;
      }
    };
  }

  return { changeStamp: () => `${dataVersion.get()!}.${ownWrites}`, writeTransaction };
}
