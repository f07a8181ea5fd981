import { call, inParallel, registerTeacher, studentForm, type Teacher } from './lib/api-client.ts';
import { medianRun, runLoad, type LoadResult } from './lib/load.ts';
import { fmt, table, type BenchOptions, type BenchSection } from './lib/report.ts';
import { spawnServer } from './lib/server-process.ts';
import { tempDir } from './lib/temp-dir.ts';

const STUDENTS = 1_000;
const CLASSES = 30;
const CONNECTIONS = 32;

interface Caseload {
  classIds: string[];
}

/** 1,000 students, each with two to four of the library's accommodations, enrolled in 30 classes of about 33. */
async function buildCaseload(url: string, teacher: Teacher): Promise<Caseload> {
  const library = (await call(url, 'GET', '/api/accommodations/defaults', teacher.cookie)).body as { id: string }[];
  const studentIds: string[] = new Array<string>(STUDENTS);
  await inParallel(STUDENTS, 8, async (n) => {
    const accommodationIds = Array.from({ length: 2 + (n % 3) }, (_, k) => library[(n * 7 + k * 5) % library.length]!.id);
    const created = await call(url, 'POST', '/api/students', teacher.cookie, { ...studentForm(n), accommodationIds: [...new Set(accommodationIds)] });
    if (created.status !== 201) throw new Error(`add student answered ${created.status}`);
    studentIds[n] = (created.body as { id: string }).id;
  });
  const classIds: string[] = [];
  for (let c = 0; c < CLASSES; c++) {
    const created = await call(url, 'POST', '/api/classes', teacher.cookie, { name: `Period ${(c % 8) + 1} Section ${c + 1}`, period: String((c % 8) + 1) });
    if (created.status !== 201) throw new Error(`add class answered ${created.status}`);
    const id = (created.body as { id: string }).id;
    const enrolled = studentIds.filter((_, n) => n % CLASSES === c);
    const response = await fetch(`${url}/api/classes/${id}/students`, {
      method: 'PUT',
      headers: { Cookie: teacher.cookie, 'Content-Type': 'application/json', 'If-Match': created.headers.get('etag') ?? '' },
      body: JSON.stringify({ studentIds: enrolled }),
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`enrolment answered ${response.status}`);
    classIds.push(id);
  }
  return { classIds };
}

/**
 * A teacher with 30 classes and 1,000 students reads the class list, a roster, one class's students and its
 * accommodations at a glance, with 32 readers at once; each request asks for the next class in turn. Beside it, in the
 * same run, the reads benchmark's GET /api/students of the same caseload (1,000 students), as the yardstick the issue
 * names, and the whole caseload at a glance.
 */
export async function classesBenchmark(options: BenchOptions): Promise<BenchSection> {
  const durationSec = options.quick ? 3 : 5;
  const rounds = options.quick ? 1 : 3;
  const dir = tempDir('classes');
  const results = new Map<string, LoadResult[]>();
  try {
    const server = await spawnServer({ dataDir: dir.path });
    try {
      const teacher = await registerTeacher(server.url, { premium: true });
      const { classIds } = await buildCaseload(server.url, teacher);
      let turn = 0;
      const nextClass = () => classIds[turn++ % classIds.length]!;
      const loads: [string, (request: { path: string }) => { path: string }][] = [
        ['GET /api/classes', (request) => ({ ...request, path: '/api/classes' })],
        ['GET /api/classes/:id/roster', (request) => ({ ...request, path: `/api/classes/${nextClass()}/roster` })],
        ['GET /api/students?classId=', (request) => ({ ...request, path: `/api/students?classId=${nextClass()}` })],
        ['GET /api/accommodations/usage?classId=', (request) => ({ ...request, path: `/api/accommodations/usage?classId=${nextClass()}` })],
        ['GET /api/students (all 1,000)', (request) => ({ ...request, path: '/api/students' })],
        // Grouping the whole caseload by accommodation: beside the whole list, no class's target.
        ['GET /api/accommodations/usage (all 1,000)', (request) => ({ ...request, path: '/api/accommodations/usage' })],
      ];
      const load = (setupRequest: (request: { path: string }) => { path: string }, seconds: number) =>
        runLoad({ url: `${server.url}/api/classes`, connections: CONNECTIONS, durationSec: seconds, headers: { Cookie: teacher.cookie }, setupRequest });
      for (const [, setup] of loads) await load(setup, 1);
      for (let round = 0; round < rounds; round++) {
        for (const [name, setup] of loads) results.set(name, [...(results.get(name) ?? []), await load(setup, durationSec)]);
      }
    } finally {
      await server.stop();
    }
  } finally {
    dir.dispose();
  }
  const rows = [...results].map(([name, runs]) => {
    const run = medianRun(runs);
    return { name, run, failed: runs.reduce((sum, r) => sum + r.non2xx + r.errors, 0) };
  });
  const classRows = rows.filter((row) => !row.name.includes('all 1,000'));
  return {
    title: `9. Classes (${CLASSES} classes, ${STUDENTS} students)`,
    lines: [
      `A premium teacher with ${STUDENTS} students (two to four accommodations each) in ${CLASSES} classes of about ${Math.round(STUDENTS / CLASSES)}.`,
      `${CONNECTIONS} connections; each request names the next class in turn. ${rounds} round(s) of ${durationSec} s per endpoint, the median round shown;`,
      'the whole caseload (GET /api/students, 1,000 students) is loaded in the same rounds, as the yardstick.',
      '',
      ...table(['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'failed'], rows.map(({ name, run, failed }) => [name, fmt(run.rps), fmt(run.p50), fmt(run.p99), failed])),
    ],
    targets: [
      ...classRows.map(({ name, run }) => ({ target: `${name}: p99 ≤ 50 ms at ${CONNECTIONS} readers`, measured: `${fmt(run.p99)} ms`, met: run.p99 <= 50 })),
      { target: 'classes: no errors', measured: String(rows.reduce((sum, row) => sum + row.failed, 0)), met: rows.every((row) => row.failed === 0) },
    ],
  };
}
