import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openEventStore } from '@accommodate/shared-events/event-store/open-event-store';
import { ALL_PROJECTIONS } from '@accommodate/projections/definitions/all-projections';
import { openEmbeddedReadStore } from '@accommodate/projections/store/embedded-read-store';
import { rebuildProjections } from '@accommodate/projections/runner/rebuild';
import { generateEventLog } from './lib/event-log.ts';
import { fmt, ratio, table, type BenchOptions, type BenchSection } from './lib/report.ts';
import { tempDir } from './lib/temp-dir.ts';

interface Measured {
  events: number;
  generateMs: number;
  rebuildMs: number;
  readAllMs: number;
  sqlScanMs: number;
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

export async function measureRebuild(size: number): Promise<Measured & { dir: ReturnType<typeof tempDir> }> {
  const dir = tempDir(`rebuild-${size}`);
  const eventsFile = join(dir.path, 'events.sqlite');
  const generated = await generateEventLog(dir.path, size);
  // Reads first, so that each run finds the file equally warm in the page cache.
  const sqlScanMs = timeSqlScan(eventsFile);
  const readAllMs = await timeReadAll(dir.path);
  const eventStore = await openEventStore({ dataDir: dir.path });
  const readStore = openEmbeddedReadStore({ file: join(dir.path, 'read-models.sqlite') });
  const result = await rebuildProjections({ eventStore, readStore, projections: ALL_PROJECTIONS });
  await readStore.close();
  await eventStore.close();
  return { dir, events: result.events, generateMs: generated.ms, rebuildMs: result.ms, readAllMs, sqlScanMs };
}

export async function rebuildBenchmark(options: BenchOptions): Promise<BenchSection> {
  const sizes = options.quick ? [20_000, 100_000] : [100_000, 1_000_000];
  const rows: Measured[] = [];
  for (const size of sizes) {
    const measured = await measureRebuild(size);
    measured.dir.dispose();
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
      'nothing applied; "SQL scan" = the bare rows without decoding.',
      '',
      ...table(['events', 'generate s', 'rebuild s', 'rebuild ev/s', 'readAll ev/s', 'SQL scan ev/s', 'vs readAll', 'vs SQL scan'], rows.map((r) => [
        fmt(r.events),
        fmt(r.generateMs / 1000, 1),
        fmt(r.rebuildMs / 1000, 1),
        fmt(rate(r.events, r.rebuildMs)),
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
