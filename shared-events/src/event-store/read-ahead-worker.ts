/**
 * The thread behind read-ahead.ts: reads the log through the same stores the process opens (decoding,
 * upcasting, deciphering with the subject keys in keys.sqlite) and posts the envelopes in pages, at most
 * `depth` pages ahead of what the other side has taken.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openEmbeddedLog } from './embedded-log.ts';
import type { ReadAheadData, ReadAheadMessage } from './read-ahead-messages.ts';
import { readPagesOf } from './read-pages.ts';

const port = parentPort!;
const { dataDir, after, pageSize, depth } = workerData as ReadAheadData;
let unacknowledged = 0;
let stopped = false;
let wake: (() => void) | null = null;
port.on('message', (message: 'taken' | 'stop') => {
  if (message === 'taken') unacknowledged -= 1;
  else stopped = true;
  wake?.();
  wake = null;
});
const post = (message: ReadAheadMessage) => port.postMessage(message);

const store = openEmbeddedLog(dataDir);
try {
  for await (const page of readPagesOf(store, { after: after === null ? null : BigInt(after), batchSize: pageSize })) {
    while (unacknowledged >= depth && !stopped) await new Promise<void>((resolve) => (wake = resolve));
    if (stopped) break;
    unacknowledged += 1;
    post({ page });
  }
  if (!stopped) post({ done: true });
} catch (error) {
  // Name and message only: never an event's data.
  post({ failed: { name: error instanceof Error ? error.name : 'Error', message: error instanceof Error ? error.message : String(error) } });
} finally {
  await store.close();
  port.close();
}
