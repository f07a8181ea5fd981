import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateEventLog } from './lib/event-log.ts';
import type { RebuildMeasurements } from './lib/measure-rebuild.ts';
import { fmt, ratio, table, type BenchOptions, type BenchSection } from './lib/report.ts';
import { runScript } from './lib/server-process.ts';
import { tempDir } from './lib/temp-dir.ts';

type Measured = RebuildMeasurements & { generateMs: number };

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

async function measureRebuild(size: number): Promise<Measured & { dispose(): void }> {
  const log = await eventLogDir(size);
  const models = tempDir(`rebuild-models-${size}`);
  const output = await runScript('bench/lib/measure-rebuild.ts', [log.path, models.path], { stdout: 'capture' });
  return {
    ...(JSON.parse(output) as RebuildMeasurements),
    generateMs: log.generateMs,
    dispose: () => {
      models.dispose();
      log.dispose();
    },
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
      'encrypted per student, decrypted on read), in a process of its own started once the log is written, as',
      '`npm run projections:rebuild` runs it (bench/lib/measure-rebuild.ts; the SQL scan and readAll run first in it).',
      '"readAll" = that store\'s own decoded read of the whole log with nothing applied; "SQL scan" = the bare rows',
      'without decoding. "CPU µs/event" = that process\'s CPU time during the',
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
