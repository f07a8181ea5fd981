import { Worker } from 'node:worker_threads';

export interface SnapshotSummary {
  /** The values of the `facts` queries, run on the copy. */
  facts: Record<string, string | number | null>;
  /** `sha256:<hex>` over the rows of the `digest` query, one JSON array a line; null when none was asked. */
  hash: string | null;
}

interface SnapshotRequest {
  /** The live file; absent to sum up `destination` as it is (a restore's check). */
  source?: string;
  destination: string;
  facts?: Record<string, string>;
  digest?: string;
}

type ThreadReply = ({ ok: true } & SnapshotSummary) | { ok: false; name: string; message: string; code?: string };

/**
 * SQLite's online backup API (better-sqlite3's `backup()`), on a thread of its own: the copy is made in one step
 * under one read transaction, so it is one moment of the file however many commits land meanwhile, and a step
 * that long must not hold up the event loop of a server that is taking writes. Also sums up a copy: counts and a
 * hash over rows, read from the copy, not from the live file.
 */
export function sqliteSnapshot(request: SnapshotRequest): Promise<SnapshotSummary> {
  return new Promise((resolve, reject) => {
    const thread = new Worker(new URL('./sqlite-snapshot-thread.mjs', import.meta.url), { workerData: request, execArgv: [] });
    let settled = false;
    thread.once('message', (reply: ThreadReply) => {
      settled = true;
      if (reply.ok) resolve({ facts: reply.facts, hash: reply.hash });
      else reject(Object.assign(new Error(reply.message), { name: reply.name, code: reply.code }));
    });
    thread.once('error', (error) => {
      settled = true;
      reject(error);
    });
    thread.once('exit', (code) => {
      if (!settled) reject(new Error(`The SQLite snapshot thread stopped (exit code ${code})`));
    });
  });
}
