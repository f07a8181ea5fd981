import { fmt, median, table, type BenchOptions, type BenchSection } from './lib/report.ts';
import { generateEventLog } from './lib/event-log.ts';
import { spawnServer } from './lib/server-process.ts';
import { tempDir } from './lib/temp-dir.ts';

/**
 * `node --import tsx command-api/src/main.ts` (what `npm start` runs once the UI is built)
 * with 100,000 events in the log: the first start builds the read models; the later
 * starts find them persisted and must not replay the log.
 */
export async function startupBenchmark(options: BenchOptions): Promise<BenchSection> {
  const size = options.quick ? 20_000 : 100_000;
  const restarts = 3;
  const dir = tempDir('startup');
  try {
    const { events } = await generateEventLog(dir.path, size);
    const first = await spawnServer({ dataDir: dir.path, env: { UI_DIST: '' } });
    const firstMs = first.readyMs;
    await first.stop();
    const later: number[] = [];
    for (let i = 0; i < restarts; i++) {
      const server = await spawnServer({ dataDir: dir.path });
      later.push(server.readyMs);
      await server.stop();
    }
    // An empty DATA_DIR: what start-up costs before any data (Node, tsx, imports).
    const empty = tempDir('startup-empty');
    const bare = await spawnServer({ dataDir: empty.path });
    await bare.stop();
    empty.dispose();
    const middle = median(later);
    return {
      title: '5. Start-up',
      lines: [
        `Spawn of \`node --import tsx command-api/src/main.ts\` until GET /readyz answers 200 (read models caught up), ${fmt(events)} events in the log.`,
        '',
        ...table(['start', 'ms to /readyz 200'], [
          ['empty DATA_DIR', fmt(bare.readyMs)],
          ['first start: builds every read model from the log', fmt(firstMs)],
          ...later.map((ms, i) => [`restart ${i + 1}: read models already built`, fmt(ms)]),
        ]),
      ],
      targets: [{ target: `start-up with ${fmt(events)} events ≤ 3 s`, measured: `${fmt(middle)} ms (median of ${restarts})`, met: middle <= 3_000 }],
    };
  } finally {
    dir.dispose();
  }
}
