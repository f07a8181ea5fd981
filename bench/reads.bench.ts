import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { addStudent, getText, inParallel, registerTeacher } from './lib/api-client.ts';
import { runLoad, type LoadResult } from './lib/load.ts';
import { fmt, ratio, table, type BenchOptions, type BenchSection } from './lib/report.ts';
import { spawnServer } from './lib/server-process.ts';
import { tempDir } from './lib/temp-dir.ts';

const STUDENTS = 200;
const CONNECTIONS = 32;

export async function readsBenchmark(options: BenchOptions): Promise<BenchSection> {
  const durationSec = options.quick ? 4 : 10;
  const dir = tempDir('reads');
  let app: LoadResult;
  let base: LoadResult;
  let bytes: number | undefined;
  try {
    const server = await spawnServer({ dataDir: dir.path });
    let body: string;
    try {
      const teacher = await registerTeacher(server.url, { premium: true });
      await inParallel(STUDENTS, 8, (i) => addStudent(server.url, teacher, i));
      body = await getText(server.url, '/api/students', teacher.cookie);
      bytes = Buffer.byteLength(body);
      const load = () =>
        runLoad({ url: `${server.url}/api/students`, connections: CONNECTIONS, durationSec, headers: { Cookie: teacher.cookie } });
      await runLoad({ url: `${server.url}/api/students`, connections: CONNECTIONS, durationSec: 2, headers: { Cookie: teacher.cookie } });
      app = await load();
    } finally {
      await server.stop();
    }
    const bodyFile = join(dir.path, 'students.json');
    writeFileSync(bodyFile, body);
    const baseline = await spawnServer({ dataDir: dir.path, entry: 'bench/baselines/memory-express-server.ts', env: { BODY_FILE: bodyFile } });
    try {
      await runLoad({ url: `${baseline.url}/api/students`, connections: CONNECTIONS, durationSec: 2 });
      base = await runLoad({ url: `${baseline.url}/api/students`, connections: CONNECTIONS, durationSec });
    } finally {
      await baseline.stop();
    }
  } finally {
    dir.dispose();
  }
  const row = (label: string, r: LoadResult) => [label, fmt(r.rps), fmt(r.p50), fmt(r.p99), r.non2xx + r.errors];
  return {
    title: '2. Reads (GET /api/students, 200 students)',
    lines: [
      `A premium teacher with ${STUDENTS} students; the answer is ${fmt((bytes ?? NaN) / 1024, 1)} KB of JSON. ${CONNECTIONS} connections, ${durationSec} s after a 2 s warm-up.`,
      'Baseline: Express sending the same bytes from memory (bench/baselines/memory-express-server.ts).',
      '',
      ...table(['server', 'req/s', 'p50 ms', 'p99 ms', 'failed'], [row('product', app), row('baseline', base)]),
      '',
      `Ratio: ${ratio(app.rps, base.rps)} of the baseline.`,
    ],
    targets: [
      { target: 'GET: ≥ 70 % of baseline throughput', measured: ratio(app.rps, base.rps), met: app.rps >= 0.7 * base.rps },
      { target: 'GET: no errors', measured: String(app.non2xx + app.errors), met: app.non2xx + app.errors === 0 },
    ],
  };
}
