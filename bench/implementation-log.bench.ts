import { registerTeacher } from './lib/api-client.ts';
import { ENTRIES_PER_STUDENT, generateImplementationLog } from './lib/implementation-log-events.ts';
import { runLoad } from './lib/load.ts';
import type { RebuildMeasurements } from './lib/measure-rebuild.ts';
import { fmt, type BenchOptions, type BenchSection } from './lib/report.ts';
import { runScript, spawnServer } from './lib/server-process.ts';
import { tempDir } from './lib/temp-dir.ts';

const CONNECTIONS = 8;

/**
 * A school year of implementation log entries (2,000 per student) for 2,500 students, about 5 million events,
 * written straight into the log. One student's log (a year, and a month) read at p99 ≤ 50 ms; a rebuild of every
 * projection including them at ≥ 50,000 events/s.
 */
export async function implementationLogBenchmark(options: BenchOptions): Promise<BenchSection> {
  const students = options.quick ? 100 : 2_500;
  const dir = tempDir('implementation-log');
  const models = tempDir('implementation-log-models');
  try {
    // The teacher who reads: registered first, so that the log's first student can be theirs.
    let server = await spawnServer({ dataDir: dir.path });
    const teacher = await registerTeacher(server.url, { premium: true });
    await server.stop();
    const generated = await generateImplementationLog(dir.path, students, teacher.id);
    const rebuild = JSON.parse(await runScript('bench/lib/measure-rebuild.ts', [dir.path, models.path], { stdout: 'capture' })) as RebuildMeasurements;
    server = await spawnServer({ dataDir: dir.path, timeoutMs: 1_800_000 });
    try {
      const path = `/api/students/${generated.studentId}/implementation-log`;
      const load = (url: string, seconds: number, connections = CONNECTIONS) => runLoad({ url: `${server.url}${url}`, connections, durationSec: seconds, headers: { Cookie: teacher.cookie } });
      const check = await fetch(`${server.url}${path}`, { headers: { Cookie: teacher.cookie } }).catch((error: unknown) => {
        // What the server said before it stopped answering (a crash, memory) is the finding.
        throw new Error(`the server did not answer: ${server.stderr()}`, { cause: error });
      });
      const entries = ((await check.json()) as unknown[]).length;
      if (entries !== ENTRIES_PER_STUDENT) throw new Error(`the student's log holds ${entries} entries, not ${ENTRIES_PER_STUDENT}`);
      await load(path, 1);
      const year = await load(path, options.quick ? 3 : 5);
      // One teacher opening the tab: the year read alone, without seven others queued beside it.
      const alone = await load(path, options.quick ? 3 : 5, 1);
      const month = await load(`${path}?from=2025-10-01&to=2025-10-31`, options.quick ? 3 : 5);
      const rate = (rebuild.events / rebuild.rebuildMs) * 1_000;
      return {
        title: `10. Implementation log (${fmt(students)} students, ${fmt(generated.events)} events)`,
        lines: [
          `A school year of entries per student (${fmt(ENTRIES_PER_STUDENT)}: 200 school days × 10 accommodations), a stream per student and month,`,
          `appended straight into the log in ${fmt(generated.ms / 1000, 1)} s. Rebuild = every projection into a fresh read-models file`,
          `(bench/lib/measure-rebuild.ts). Reads: ${CONNECTIONS} connections, one student's whole year and one month.`,
          '',
          `rebuild: ${fmt(rebuild.events)} events in ${fmt(rebuild.rebuildMs / 1000, 1)} s = ${fmt(rate)} events/s`,
          `GET a year (${fmt(entries)} entries): ${fmt(year.rps)} req/s, p50 ${fmt(year.p50)} ms, p99 ${fmt(year.p99)} ms`,
          `GET a year, one reader: ${fmt(alone.rps)} req/s, p50 ${fmt(alone.p50)} ms, p99 ${fmt(alone.p99)} ms`,
          `GET a month: ${fmt(month.rps)} req/s, p50 ${fmt(month.p50)} ms, p99 ${fmt(month.p99)} ms`,
        ],
        targets: [
          { target: `GET /api/students/:id/implementation-log (a year, ${CONNECTIONS} readers): p99 ≤ 50 ms`, measured: `${fmt(year.p99)} ms`, met: year.p99 <= 50 && year.non2xx + year.errors === 0 },
          { target: 'GET /api/students/:id/implementation-log (a year, 1 reader): p99 ≤ 50 ms', measured: `${fmt(alone.p99)} ms`, met: alone.p99 <= 50 && alone.non2xx + alone.errors === 0 },
          { target: `GET /api/students/:id/implementation-log (a month, ${CONNECTIONS} readers): p99 ≤ 50 ms`, measured: `${fmt(month.p99)} ms`, met: month.p99 <= 50 && month.non2xx + month.errors === 0 },
          { target: `rebuild ${fmt(rebuild.events)} events: ≥ 50,000 events/s`, measured: `${fmt(rate)}/s`, met: rate >= 50_000 },
        ],
      };
    } finally {
      await server.stop();
    }
  } finally {
    models.dispose();
    dir.dispose();
  }
}
