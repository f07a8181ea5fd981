import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openEventStore } from '@accommodate/shared-events/event-store/open-event-store';
import { ALL_PROJECTIONS } from '@accommodate/projections/definitions/all-projections';
import { openEmbeddedReadStore } from '@accommodate/projections/store/embedded-read-store';
import { rebuildProjections } from '@accommodate/projections/runner/rebuild';
import { cpuMsFromStat } from './cpu.ts';

/**
 * `measure-rebuild.ts <logDir> <modelsDir> [<projection>]` (the projection left out, to measure what it costs): the rebuild benchmark's measurements of one log, in a process of
 * its own, as `npm run projections:rebuild` runs a rebuild: the process that wrote a 1 M log first (two minutes
 * of appends) rebuilt it at 46 k events/s, a fresh one at 51-54 k. Prints the measurements as JSON.
 */
export interface RebuildMeasurements {
  events: number;
  rebuildMs: number;
  readAllMs: number;
  sqlScanMs: number;
  /** CPU time of this process (all threads) during the rebuild: steadier than wall time on a shared machine. */
  rebuildCpuMs: number;
  /** CPU time of the main thread alone (the log is read on a worker thread): what bounds events/s on 2+ cores. */
  rebuildMainCpuMs: number;
}

/** CPU ms of this process's main thread so far, from /proc (Linux); NaN elsewhere. */
function mainThreadCpuMs(): number {
  try {
    return cpuMsFromStat(`/proc/self/task/${process.pid}/stat`);
  } catch {
    return NaN;
  }
}

/** Decoded, decrypted, upcast envelopes: the read a rebuild itself does, with nothing applied. */
async function timeReadAll(dataDir: string): Promise<number> {
  const store = await openEventStore({ dataDir });
  const started = performance.now();
  let n = 0;
  for await (const _ of store.readAll({ batchSize: 5_000 })) n += 1;
  const ms = performance.now() - started;
  await store.close();
  return n > 0 ? ms : NaN;
}

/** The bare rows, in log order, with no decoding at all. */
function timeSqlScan(file: string): number {
  const db = new Database(file, { readonly: true });
  const started = performance.now();
  let n = 0;
  for (const _ of db.prepare('SELECT position, stream_id, revision, type, data, metadata FROM events ORDER BY position').raw().iterate()) n += 1;
  const ms = performance.now() - started;
  db.close();
  return n > 0 ? ms : NaN;
}


const [logDir, modelsDir, without] = process.argv.slice(2);
if (!logDir || !modelsDir) throw new Error('usage: measure-rebuild.ts <logDir> <modelsDir> [<projection left out>]');
// Reads first, so that each run finds the file equally warm in the page cache.
const sqlScanMs = timeSqlScan(join(logDir, 'events.sqlite'));
const readAllMs = await timeReadAll(logDir);
const eventStore = await openEventStore({ dataDir: logDir });
const readStore = openEmbeddedReadStore({ file: join(modelsDir, 'read-models.sqlite') });
const cpuBefore = process.cpuUsage();
const mainCpuBefore = mainThreadCpuMs();
const result = await rebuildProjections({ eventStore, readStore, projections: ALL_PROJECTIONS.filter((projection) => projection.name !== without) });
const cpu = process.cpuUsage(cpuBefore);
const mainCpuMs = mainThreadCpuMs() - mainCpuBefore;
await readStore.close();
await eventStore.close();
const measurements: RebuildMeasurements = {
  events: result.events,
  rebuildMs: result.ms,
  rebuildCpuMs: (cpu.user + cpu.system) / 1_000,
  rebuildMainCpuMs: mainCpuMs,
  readAllMs,
  sqlScanMs,
};
process.stdout.write(JSON.stringify(measurements));
