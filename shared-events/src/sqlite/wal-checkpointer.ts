import { once } from 'node:events';
import { Worker } from 'node:worker_threads';

export interface WalCheckpointer {
  /** Stops the thread and closes its connection; resolves once the thread has exited. */
  stop(): Promise<void>;
}

/**
 * How many WAL pages the writing connection lets accumulate before it checkpoints by itself, which is
 * only the fallback for a checkpointer thread that fell behind (SQLite's default is 1,000).
 */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 20_000;

/**
 * Checkpoints a WAL-mode SQLite file from a background thread every `intervalMs`. The writing
 * connection should raise its own `wal_autocheckpoint` (FALLBACK_AUTOCHECKPOINT_PAGES): SQLite
 * otherwise checkpoints inside the commit that crosses 1,000 pages, copying the pages and syncing on
 * the caller's thread: under the write benchmark that was about once a second, and in a rebuild at
 * almost every commit (bench/findings.md, section 4). The thread does not keep the process alive.
 */
export function startWalCheckpointer(file: string, options: { intervalMs?: number } = {}): WalCheckpointer {
  const worker = new Worker(new URL('./wal-checkpointer-thread.mjs', import.meta.url), {
    execArgv: [],
    workerData: { file, intervalMs: options.intervalMs ?? 200 },
  });
  worker.unref();
  const exited = once(worker, 'exit').then(() => undefined);
  // A checkpointer that failed to start costs only the fallback: the writer checkpoints by itself.
  worker.on('error', () => {});
  return {
    async stop() {
      // Held open until the thread has closed its connection, or waiting on it would end the process.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
