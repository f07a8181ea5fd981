import { Worker } from 'node:worker_threads';
import type { EventEnvelope, Position } from '../events/envelope.ts';
import type { ReadAheadData, ReadAheadMessage } from './read-ahead-messages.ts';

/**
 * The embedded log (`<dataDir>/events.sqlite`, keys in `<dataDir>/keys.sqlite`) read, decoded and
 * deciphered on a worker thread, in pages, while the caller works on the previous ones: a replay on a
 * machine with a spare core spends its main thread on applying only. At most `depth` pages wait.
 * Yields the same envelopes as the store's readAll from `after` to the log's end.
 */
export async function* readAllAhead(dataDir: string, options: { after?: Position | null; pageSize: number; depth?: number }): AsyncGenerator<EventEnvelope[]> {
  const data: ReadAheadData = {
    dataDir,
    after: options.after === undefined || options.after === null ? null : String(options.after),
    pageSize: options.pageSize,
    // Eight: a rebuild's commit (hundreds of ms on the main thread) let two pages pile up at most, so after each the
    // main thread waited on the thread again: 5.9 s of a 2.25 M-event rebuild with two, 1.6–2.1 s with eight. A
    // waiting page is its serialised bytes, ≈ 0.5 MB.
    depth: options.depth ?? 8,
  };
  const worker = new Worker(new URL('./read-ahead-worker.mjs', import.meta.url), { workerData: data, execArgv: [] });
  const arrived: ReadAheadMessage[] = [];
  let wake: (() => void) | null = null;
  // In an object, not a `let`: TypeScript would keep the loop's view of it narrowed to null.
  const end: { error: Error | null } = { error: null };
  const signal = () => {
    wake?.();
    wake = null;
  };
  worker.on('message', (message: ReadAheadMessage) => {
    arrived.push(message);
    signal();
  });
  worker.on('error', (error) => {
    end.error ??= error;
    signal();
  });
  worker.on('exit', (code) => {
    end.error ??= new Error(`The read-ahead thread stopped (exit code ${code})`);
    signal();
  });
  try {
    for (;;) {
      const message = arrived.shift();
      if (!message) {
        if (end.error) throw end.error;
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      if ('done' in message) return;
      if ('failed' in message) throw Object.assign(new Error(message.failed.message), { name: message.failed.name });
      // Taken: the thread may read the next page while this one is applied.
      worker.postMessage('taken');
      yield message.page;
    }
  } finally {
    worker.postMessage('stop');
    await worker.terminate();
  }
}
