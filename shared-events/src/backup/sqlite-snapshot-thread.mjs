/**
 * One consistent copy of an SQLite file, made on a thread of its own (online-snapshot.ts says why), then turned
 * into a single self-contained file and, if asked, summed up: plain JavaScript, as every thread of the stores is.
 */
import { createHash } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { source, destination, facts, digest } = workerData;

function summarise(file) {
  const db = new Database(file, { fileMustExist: true });
  try {
    // The copy carries the source's WAL mode in its header; in rollback mode it is one file, with nothing beside it.
    db.pragma('journal_mode = DELETE');
    const values = {};
    for (const [name, sql] of Object.entries(facts ?? {})) values[name] = db.prepare(sql).pluck().get() ?? null;
    let hash = null;
    if (digest) {
      const sum = createHash('sha256');
      for (const row of db.prepare(digest).raw().iterate()) sum.update(`${JSON.stringify(row)}\n`);
      hash = `sha256:${sum.digest('hex')}`;
    }
    return { facts: values, hash };
  } finally {
    db.close();
  }
}

try {
  if (source) {
    const db = new Database(source, { fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    try {
      // All remaining pages in one step, under one read transaction: a step that leaves pages for later restarts
      // whenever another connection commits, which under steady writes would be for ever.
      await db.backup(destination, { progress: ({ totalPages }) => Math.max(totalPages, 100) });
    } finally {
      db.close();
    }
  }
  parentPort.postMessage({ ok: true, ...summarise(destination) });
} catch (error) {
  parentPort.postMessage({ ok: false, name: error?.name ?? 'Error', message: error?.message ?? String(error), code: error?.code });
}
