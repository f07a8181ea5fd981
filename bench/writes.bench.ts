import { randomUUID } from 'node:crypto';
import { addStudent, inParallel, registerTeacher, studentForm, type Teacher } from './lib/api-client.ts';
import { measured, medianRun, runLoad, type LoadResult, type MeasuredLoad } from './lib/load.ts';
import { fmt, median, ratio, table, type BenchOptions, type BenchSection } from './lib/report.ts';
import { spawnServer } from './lib/server-process.ts';
import { tempDir } from './lib/temp-dir.ts';

const CONNECTIONS = 32;

/** BENCH_WRITES_PROFILE=<dir> writes a V8 CPU profile of the product server under this load into <dir>. */
const profileDir = process.env.BENCH_WRITES_PROFILE;

/** A pool that hands each in-flight request its own item and takes it back at the response. */
function pool<T>(items: T[]) {
  const free = [...items];
  return {
    take: (): T => {
      const item = free.pop();
      if (item === undefined) throw new Error('pool exhausted: more requests in flight than items');
      return item;
    },
    give: (item: T) => void free.push(item),
  };
}

export interface Row {
  id: string;
  cookie: string;
  etag: string | null;
}

/** POST: each connection adds students as one of 32 teachers (creations are serialised per teacher by design). */
export async function postLoad(url: string, teachers: Pick<Teacher, 'cookie'>[], durationSec: number, n = { i: 0 }): Promise<LoadResult> {
  const cookies = pool(teachers.map((t) => t.cookie));
  return runLoad({
    url: `${url}/api/students`,
    connections: CONNECTIONS,
    durationSec,
    method: 'POST',
    setupRequest: (request, context) => {
      context.cookie = cookies.take();
      return {
        ...request,
        headers: { 'Content-Type': 'application/json', Cookie: context.cookie },
        body: JSON.stringify(studentForm(n.i++)),
      };
    },
    onResponse: (_status, _body, context) => cookies.give(context.cookie),
  });
}

/** PUT: each request updates a student no other request is updating, with the If-Match of its last answer. */
export async function putLoad(url: string, rows: Row[], durationSec: number): Promise<LoadResult> {
  const free = pool(rows);
  let n = 0;
  return runLoad({
    url,
    connections: CONNECTIONS,
    durationSec,
    method: 'PUT',
    setupRequest: (request, context) => {
      const row = free.take();
      context.row = row;
      const headers: Record<string, string> = { 'Content-Type': 'application/json', Cookie: row.cookie };
      if (row.etag) headers['If-Match'] = row.etag;
      return { ...request, path: `/api/students/${row.id}`, headers, body: JSON.stringify(studentForm(n++)) };
    },
    onResponse: (_status, _body, context, headers) => {
      const row = context.row as Row;
      row.etag = headers.etag ?? headers.ETag ?? row.etag;
      free.give(row);
    },
  });
}

/**
 * A request still in flight when a timed run ends is answered after autocannon stopped listening,
 * so its row keeps an outdated If-Match: read each row's current ETag before the next PUT round.
 */
export async function refreshEtags(url: string, rows: Row[]): Promise<void> {
  await inParallel(rows.length, 8, async (i) => {
    const row = rows[i]!;
    const response = await fetch(`${url}/api/students/${row.id}`, { headers: { Cookie: row.cookie } });
    await response.arrayBuffer();
    row.etag = response.headers.get('etag') ?? row.etag;
  });
}

/**
 * The writers of both sides: 32 premium teachers of the product with two students each for the PUTs (so that no two
 * in-flight requests share a stream), and as many made-up sessions of the baseline with rows seeded for theirs.
 */
export async function writeFixtures(appUrl: string, baseUrl: string) {
  const teachers: Teacher[] = [];
  await inParallel(CONNECTIONS, 8, async () => void teachers.push(await registerTeacher(appUrl, { premium: true })));
  const appRows: Row[] = [];
  await inParallel(CONNECTIONS * 2, 16, async (i) => {
    const teacher = teachers[i % teachers.length]!;
    const { id, revision } = await addStudent(appUrl, teacher, i);
    appRows.push({ id, cookie: teacher.cookie, etag: `"${revision}"` });
  });
  const fakeTeachers = Array.from({ length: CONNECTIONS }, () => ({ id: randomUUID(), cookie: `sid=${randomUUID()}` }));
  const baseRows: Row[] = [];
  for (let i = 0; i < CONNECTIONS * 2; i++) {
    const id = randomUUID();
    await (await fetch(`${baseUrl}/seed/${id}`, { method: 'POST' })).arrayBuffer();
    baseRows.push({ id, cookie: fakeTeachers[i % CONNECTIONS]!.cookie, etag: null });
  }
  return { teachers, appRows, fakeTeachers, baseRows };
}

type Run = 'appPost' | 'basePost' | 'appPut' | 'basePut';

/** One round of each write load on each server, alternated (product POST, baseline POST, product PUT, baseline PUT). */
export async function writeRound(
  app: { url: string; pid: number },
  base: { url: string; pid: number },
  { teachers, appRows, fakeTeachers, baseRows }: Awaited<ReturnType<typeof writeFixtures>>,
  durationSec: number,
  runs: Record<Run, MeasuredLoad[]>,
): Promise<void> {
  runs.appPost.push(await measured(app.pid, () => postLoad(app.url, teachers, durationSec)));
  runs.basePost.push(await measured(base.pid, () => postLoad(base.url, fakeTeachers, durationSec)));
  await refreshEtags(app.url, appRows);
  runs.appPut.push(await measured(app.pid, () => putLoad(app.url, appRows, durationSec)));
  runs.basePut.push(await measured(base.pid, () => putLoad(base.url, baseRows, durationSec)));
}

/**
 * Both servers stay up and are loaded in alternating rounds (product POST, baseline POST, product
 * PUT, baseline PUT, then again), so a burst of other work on the shared machine hits both alike;
 * the median round of each is compared.
 */
export async function writesBenchmark(options: BenchOptions): Promise<BenchSection> {
  const durationSec = options.quick ? 4 : 6;
  const rounds = options.quick ? 1 : 3;
  const appDir = tempDir('writes-app');
  const baseDir = tempDir('writes-base');
  const runs: Record<Run, MeasuredLoad[]> = { appPost: [], basePost: [], appPut: [], basePut: [] };
  try {
    const app = await spawnServer({
      dataDir: appDir.path,
      ...(profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {}),
    });
    const base = await spawnServer({ dataDir: baseDir.path, entry: 'bench/baselines/sqlite-express-server.ts' });
    try {
      const { teachers, appRows, fakeTeachers, baseRows } = await writeFixtures(app.url, base.url);
      await postLoad(app.url, teachers, 2); // warm-up
      await postLoad(base.url, fakeTeachers, 2);
      for (let round = 0; round < rounds; round++) await writeRound(app, base, { teachers, appRows, fakeTeachers, baseRows }, durationSec, runs);
    } finally {
      await app.stop();
      await base.stop();
    }
  } finally {
    appDir.dispose();
    baseDir.dispose();
  }
  const row = (label: string, r: MeasuredLoad) => [
    label,
    fmt(r.rps),
    fmt(r.p50),
    fmt(r.p90),
    fmt(r.p99),
    fmt(r.cpuMsPerRequest, 2),
    fmt(r.mainThreadCpuMsPerRequest, 2),
    `${fmt(100 * r.mainThreadBusy)} %`,
    fmt(r.clientCpuMsPerRequest, 2),
    r.non2xx,
    r.errors,
  ];
  const checks = (verb: string, app: MeasuredLoad[], base: MeasuredLoad[]) => {
    const appRps = medianRun(app).rps;
    const baseRps = medianRun(base).rps;
    const p99 = median(app.map((r) => r.p99));
    const failed = app.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
    return [
      { target: `${verb}: ≥ 50 % of baseline throughput`, measured: ratio(appRps, baseRps), met: appRps >= 0.5 * baseRps },
      { target: `${verb}: p99 ≤ 50 ms`, measured: `${fmt(p99)} ms (baseline ${fmt(median(base.map((r) => r.p99)))} ms)`, met: p99 <= 50 },
      { target: `${verb}: no errors or non-2xx`, measured: `${failed}`, met: failed === 0 },
    ];
  };
  const labels: Record<Run, string> = {
    appPost: 'product POST /api/students',
    basePost: 'baseline POST',
    appPut: 'product PUT /api/students/:id',
    basePut: 'baseline PUT',
  };
  return {
    title: '1. Writes (32 concurrent clients)',
    lines: [
      `After a 2 s warm-up of each server, ${rounds} alternating round(s) of ${durationSec} s per load; the median round of each is compared.`,
      'Baseline: Express + better-sqlite3, one INSERT/UPDATE per request in its own transaction, WAL, synchronous=FULL',
      '(bench/baselines/sqlite-express-server.ts). Product: 32 premium teachers, one per connection; each PUT carries the',
      'If-Match of its previous answer.',
      'Each client sends its next request when the last one is answered, so the median latency is about',
      `${CONNECTIONS} ÷ throughput (Little's law). A Node server runs all its JavaScript on its main thread, so it answers`,
      'at most 1,000 ÷ "main thread ms/req" requests a second: near 100 % busy, that sets the floor under its latency.',
      '',
      ...table(
        ['server, round', 'req/s', 'p50 ms', 'p90 ms', 'p99 ms', 'server CPU ms/req', 'main thread ms/req', 'main thread busy', 'client CPU ms/req', 'non-2xx', 'errors'],
        Array.from({ length: rounds }, (_, i) => (Object.keys(labels) as Run[]).map((run) => row(`${labels[run]}, ${i + 1}`, runs[run][i]!))).flat(),
      ),
      '',
      `Ratios of the median rounds: POST ${ratio(medianRun(runs.appPost).rps, medianRun(runs.basePost).rps)}, PUT ${ratio(medianRun(runs.appPut).rps, medianRun(runs.basePut).rps)} of the baseline.`,
    ],
    targets: [...checks('POST', runs.appPost, runs.basePost), ...checks('PUT', runs.appPut, runs.basePut)],
  };
}
