import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openEventStore } from '@accommodate/shared-events/event-store/open-event-store';
import { ALL_PROJECTIONS } from '@accommodate/projections/definitions/all-projections';
import { openEmbeddedReadStore } from '@accommodate/projections/store/embedded-read-store';
import { rebuildProjections } from '@accommodate/projections/runner/rebuild';
import { generateEventLog } from './lib/event-log.ts';
import { cpuMsFromStat } from './lib/cpu.ts';
import { fmt, ratio, table, type BenchOptions, type BenchSection } from './lib/report.ts';
import { tempDir } from './lib/temp-dir.ts';

interface Measured {
  events: number;
  generateMs: number;
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

/**
 * With BENCH_REBUILD_LOG_DIR set, the log of each size is generated once into `<dir>/log-<size>` and reused by later runs
 * (the 1 M log takes minutes to write); otherwise each run writes a fresh one into a temporary dir.
 */
async function eventLogDir(size: number): Promise<{ path: string; generateMs: number; dispose(): void }> {
  const reuseRoot = process.env['BENCH_REBUILD_LOG_DIR'];
  if (!reuseRoot) {
    const dir = tempDir(`rebuild-log-${size}`);
    const generated = await generateEventLog(dir.path, size);
    return { path: dir.path, generateMs: generated.ms, dispose: dir.dispose };
  }
  const path = join(reuseRoot, `log-${size}`);
  const done = join(path, 'generated-ms');
  if (!existsSync(done)) {
    mkdirSync(path, { recursive: true });
    const generated = await generateEventLog(path, size);
    writeFileSync(done, String(generated.ms));
    return { path, generateMs: generated.ms, dispose: () => {} };
  }
  return { path, generateMs: NaN, dispose: () => {} };
}

export async function measureRebuild(size: number): Promise<Measured & { dispose(): void }> {
  const log = await eventLogDir(size);
  const models = tempDir(`rebuild-models-${size}`);
  // Reads first, so that each run finds the file equally warm in the page cache.
  const sqlScanMs = timeSqlScan(join(log.path, 'events.sqlite'));
  const readAllMs = await timeReadAll(log.path);
  const eventStore = await openEventStore({ dataDir: log.path });
  const readStore = openEmbeddedReadStore({ file: join(models.path, 'read-models.sqlite') });
  const cpuBefore = process.cpuUsage();
  const mainCpuBefore = mainThreadCpuMs();
  const result = await rebuildProjections({ eventStore, readStore, projections: ALL_PROJECTIONS });
  const cpu = process.cpuUsage(cpuBefore);
  const mainCpuMs = mainThreadCpuMs() - mainCpuBefore;
  await readStore.close();
  await eventStore.close();
  return {
    dispose: () => {
      models.dispose();
      log.dispose();
    },
    events: result.events,
    generateMs: log.generateMs,
    rebuildMs: result.ms,
    rebuildCpuMs: (cpu.user + cpu.system) / 1_000,
    rebuildMainCpuMs: mainCpuMs,
    readAllMs,
    sqlScanMs,
  };
}

export async function rebuildBenchmark(options: BenchOptions): Promise<BenchSection> {
  const sizes = options.quick ? [20_000, 100_000] : [100_000, 1_000_000];
  const rows: Measured[] = [];
  for (const size of sizes) {
    const measured = await measureRebuild(size);
    measured.dispose();
    rows.push(measured);
  }
  const rate = (events: number, ms: number) => (events / ms) * 1_000;
  return {
    title: '4. Projection rebuild',
    lines: [
      'Log written through the embedded event store\'s append (teachers with 200 students; per student StudentAdded,',
      'StudentAccommodationsChanged, StudentDetailsUpdated, PlanCreated, PlanUpdated). Rebuild = `rebuildProjections` of every',
      'projection into a fresh read-models.sqlite on disk, through the event store as the server opens it (personal fields',
      'encrypted per student, decrypted on read). "readAll" = that store\'s own decoded read of the whole log with',
      'nothing applied; "SQL scan" = the bare rows without decoding. "CPU µs/event" = this process\'s CPU time during the',
      'rebuild per event, all threads (steadier than events/s on a shared machine); "main µs/event" = the main thread\'s alone',
      '(above 250,000 events the log is read and deciphered on a worker thread ahead of it).',
      '',
      ...table(['events', 'generate s', 'rebuild s', 'rebuild ev/s', 'CPU µs/event', 'main µs/event', 'readAll ev/s', 'SQL scan ev/s', 'vs readAll', 'vs SQL scan'], rows.map((r) => [
        fmt(r.events),
        Number.isNaN(r.generateMs) ? 'reused' : fmt(r.generateMs / 1000, 1),
        fmt(r.rebuildMs / 1000, 1),
        fmt(rate(r.events, r.rebuildMs)),
        fmt((r.rebuildCpuMs * 1_000) / r.events, 1),
        fmt((r.rebuildMainCpuMs * 1_000) / r.events, 1),
        fmt(rate(r.events, r.readAllMs)),
        fmt(rate(r.events, r.sqlScanMs)),
        ratio(r.readAllMs, r.rebuildMs),
        ratio(r.sqlScanMs, r.rebuildMs),
      ])),
    ],
    targets: rows.flatMap((r) => [
      { target: `rebuild ${fmt(r.events)}: ≥ 50,000 events/s`, measured: `${fmt(rate(r.events, r.rebuildMs))}/s`, met: rate(r.events, r.rebuildMs) >= 50_000 },
      {
        target: `rebuild ${fmt(r.events)}: ≥ 25 % of a raw sequential read (readAll)`,
        measured: ratio(r.readAllMs, r.rebuildMs),
        met: r.readAllMs / r.rebuildMs >= 0.25,
      },
    ]),
  };
}
