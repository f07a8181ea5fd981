import { Worker } from 'node:worker_threads';
import type { RosterLinks } from '@accommodate/shared-events/domain/roster/roster-plan';
import { unreadRoster, type RosterValidation } from '@accommodate/shared-events/domain/roster/roster-validate';
import { rosterReassembly, type RosterPart } from './roster-hand-over.ts';

export interface RosterReadingInput {
  bytes: Uint8Array;
  links: RosterLinks;
  salt: string;
}

/**
 * Room for a roster's rows as objects: a 256 MB unpacked upload (the cap) is more than the API's own 512 MB heap
 * could hold beside everything else; here running out fails the import, not the process.
 */
const HEAP_MB = 1536;

/**
 * `readRoster` on a thread of its own. Parsing and validating a district's CSV (300,000 rows) is seconds of work that
 * never waits, so on the API's thread it held every request that long (requests timed out at 10 s in the roster
 * bench); here the API answers meanwhile. The result comes back in parts, each copied in between the API's requests.
 */
export function readRosterOffThread(input: RosterReadingInput, heapMb = HEAP_MB): Promise<RosterValidation> {
  const worker = new Worker(new URL('./roster-reading-worker.mjs', import.meta.url), {
    workerData: input,
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
  });
  const reassembly = rosterReassembly();
  return new Promise((resolve, reject) => {
    worker.on('message', (part: RosterPart) => {
      try {
        const reading = reassembly.take(part);
        if (!reading) return worker.postMessage('next');
        resolve(reading);
      } catch (error) {
        reject(error instanceof Error ? error : new Error('The roster reader sent what could not be read'));
      }
      void worker.terminate();
    });
    worker.once('error', (error) =>
      error instanceof Error && 'code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? resolve(unreadRoster([{ file: 'zip', line: null, message: 'The roster is too large to read: split it into smaller imports' }]))
        : reject(error),
    );
    worker.once('exit', (code) => reject(new Error(`The roster reader stopped (exit code ${code})`)));
  });
}
