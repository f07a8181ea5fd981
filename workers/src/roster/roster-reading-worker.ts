import { parentPort, workerData } from 'node:worker_threads';
import { readRoster } from './roster-reading.ts';
import type { RosterReadingInput } from './roster-reading-thread.ts';

const { bytes, links, salt } = workerData as RosterReadingInput;
parentPort?.postMessage(await readRoster(Buffer.from(bytes), links, salt));
