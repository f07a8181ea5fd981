import { parentPort, workerData } from 'node:worker_threads';
import { readRoster } from './roster-reading.ts';
import type { RosterReadingInput } from './roster-reading-thread.ts';
import { rosterParts } from './roster-hand-over.ts';

const { bytes, links, salt } = workerData as RosterReadingInput;
const parts = rosterParts(await readRoster(Buffer.from(bytes), links, salt));
// The head at once, then one part each time the API's thread asks: it copies each in between its requests
// (roster-hand-over.ts).
const sendNext = () => {
  const next = parts.next();
  if (!next.done) parentPort?.postMessage(next.value);
};
parentPort?.on('message', sendNext);
sendNext();
