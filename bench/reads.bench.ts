import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { addStudent, getText, inParallel, registerTeacher } from './lib/api-client.ts';
import { measured, medianRun, runLoad, type MeasuredLoad } from './lib/load.ts';
import { fmt, ratio, table, type BenchOptions, type BenchSection } from './lib/report.ts';
import { spawnServer } from './lib/server-process.ts';
import { tempDir } from './lib/temp-dir.ts';

const STUDENTS = 200;
const CONNECTIONS = 32;

/**
 * Both servers stay up and are loaded in alternating rounds (product, baseline, product, …), so a
 * burst of other work on the shared machine hits both alike; the median round of each is compared.
 */
export async function readsBenchmark(options: BenchOptions): Promise<BenchSection> {
  const durationSec = options.quick ? 4 : 6;
  const rounds = options.quick ? 1 : 3;
  const dir = tempDir('reads');
  const app: MeasuredLoad[] = [];
  const base: MeasuredLoad[] = [];
  let bytes: number | undefined;
  try {
    const server = await spawnServer({ dataDir: dir.path });
    try {
      const teacher = await registerTeacher(server.url, { premium: true });
      await inParallel(STUDENTS, 8, (i) => addStudent(server.url, teacher, i));
      const body = await getText(server.url, '/api/students', teacher.cookie);
      bytes = Buffer.byteLength(body);
      const bodyFile = join(dir.path, 'students.json');
      writeFileSync(bodyFile, body);
      const baseline = await spawnServer({ dataDir: dir.path, entry: 'bench/baselines/memory-express-server.ts', env: { BODY_FILE: bodyFile } });
      try {
        const loadApp = (seconds: number) =>
          runLoad({ url: `${server.url}/api/students`, connections: CONNECTIONS, durationSec: seconds, headers: { Cookie: teacher.cookie } });
        const loadBase = (seconds: number) => runLoad({ url: `${baseline.url}/api/students`, connections: CONNECTIONS, durationSec: seconds });
        await loadApp(2);
        await loadBase(2);
        for (let round = 0; round < rounds; round++) {
          app.push(await measured(server.pid, () => loadApp(durationSec)));
          base.push(await measured(baseline.pid, () => loadBase(durationSec)));
        }
      } finally {
        await baseline.stop();
      }
    } finally {
      await server.stop();
    }
  } finally {
    dir.dispose();
  }
  const appRun = medianRun(app);
  const baseRun = medianRun(base);
  const row = (label: string, r: MeasuredLoad) => [label, fmt(r.rps), fmt(r.p50), fmt(r.p99), fmt(r.cpuMsPerRequest, 2), r.non2xx + r.errors];
  const failed = app.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
  return {
    title: '2. Reads (GET /api/students, 200 students)',
    lines: [
      `A premium teacher with ${STUDENTS} students; the answer is ${fmt((bytes ?? NaN) / 1024, 1)} KB of JSON. ${CONNECTIONS} connections;`,
      `after a 2 s warm-up of each, ${rounds} alternating round(s) of ${durationSec} s per server; the median round of each is compared.`,
      'Baseline: Express sending the same bytes from memory (bench/baselines/memory-express-server.ts).',
      '',
      ...table(
        ['server, round', 'req/s', 'p50 ms', 'p99 ms', 'server CPU ms/req', 'failed'],
        app.flatMap((run, i) => [row(`product, ${i + 1}`, run), row(`baseline, ${i + 1}`, base[i]!)]),
      ),
      '',
      `Ratio of the median rounds: ${ratio(appRun.rps, baseRun.rps)} of the baseline's throughput; server CPU per request: product ${fmt(appRun.cpuMsPerRequest, 2)} ms, baseline ${fmt(baseRun.cpuMsPerRequest, 2)} ms.`,
    ],
    targets: [
      { target: 'GET: ≥ 70 % of baseline throughput', measured: ratio(appRun.rps, baseRun.rps), met: appRun.rps >= 0.7 * baseRun.rps },
      { target: 'GET: no errors', measured: String(failed), met: failed === 0 },
    ],
  };
}
