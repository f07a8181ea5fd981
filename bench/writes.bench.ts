import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { addStudent, inParallel, registerTeacher, studentForm, type Teacher } from './lib/api-client.ts';
import { runLoad, type LoadResult } from './lib/load.ts';
import { fmt, ratio, table, type BenchOptions, type BenchSection } from './lib/report.ts';
import { spawnServer } from './lib/server-process.ts';
import { tempDir } from './lib/temp-dir.ts';

const CONNECTIONS = 32;

/** CPU time (user + system) a process has used so far, in ms: steadier than req/s on a shared machine. */
function cpuMs(pid: number): number {
  // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are 14th and 15th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
}

/** Runs a load and adds the server's CPU-ms per answered request to its result. */
async function measured(pid: number, load: () => Promise<LoadResult>): Promise<LoadResult & { cpuMsPerRequest: number }> {
  const before = cpuMs(pid);
  const result = await load();
  return { ...result, cpuMsPerRequest: (cpuMs(pid) - before) / Math.max(1, result.requests) };
}

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

interface Row {
  id: string;
  cookie: string;
  etag: string | null;
}

/** POST: each connection adds students as one of 32 teachers (creations are serialised per teacher by design). */
async function postLoad(url: string, teachers: Pick<Teacher, 'cookie'>[], durationSec: number, n = { i: 0 }): Promise<LoadResult> {
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
async function putLoad(url: string, rows: Row[], durationSec: number): Promise<LoadResult> {
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

export async function writesBenchmark(options: BenchOptions): Promise<BenchSection> {
  const durationSec = options.quick ? 4 : 12;
  const appDir = tempDir('writes-app');
  const baseDir = tempDir('writes-base');
  const results: Partial<Record<'appPost' | 'appPut' | 'basePost' | 'basePut', LoadResult & { cpuMsPerRequest: number }>> = {};
  try {
    // ── the product ──
    const app = await spawnServer({
      dataDir: appDir.path,
      ...(profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {}),
    });
    try {
      const teachers: Teacher[] = [];
      await inParallel(CONNECTIONS, 8, async () => void teachers.push(await registerTeacher(app.url, { premium: true })));
      const rows: Row[] = [];
      // Two students per teacher for the PUTs, so that no two in-flight requests share a stream.
      await inParallel(CONNECTIONS * 2, 16, async (i) => {
        const teacher = teachers[i % teachers.length]!;
        const { id, revision } = await addStudent(app.url, teacher, i);
        rows.push({ id, cookie: teacher.cookie, etag: `"${revision}"` });
      });
      await postLoad(app.url, teachers, 2); // warm-up
      results.appPost = await measured(app.pid, () => postLoad(app.url, teachers, durationSec));
      results.appPut = await measured(app.pid, () => putLoad(app.url, rows, durationSec));
    } finally {
      await app.stop();
    }
    // ── the baseline ──
    const base = await spawnServer({ dataDir: baseDir.path, entry: 'bench/baselines/sqlite-express-server.ts' });
    try {
      const fakeTeachers = Array.from({ length: CONNECTIONS }, () => ({ id: randomUUID(), cookie: `sid=${randomUUID()}` }));
      const rows: Row[] = [];
      for (let i = 0; i < CONNECTIONS * 2; i++) {
        const id = randomUUID();
        await (await fetch(`${base.url}/seed/${id}`, { method: 'POST' })).arrayBuffer();
        rows.push({ id, cookie: fakeTeachers[i % CONNECTIONS]!.cookie, etag: null });
      }
      await postLoad(base.url, fakeTeachers, 2);
      results.basePost = await measured(base.pid, () => postLoad(base.url, fakeTeachers, durationSec));
      results.basePut = await measured(base.pid, () => putLoad(base.url, rows, durationSec));
    } finally {
      await base.stop();
    }
  } finally {
    appDir.dispose();
    baseDir.dispose();
  }
  const { appPost, appPut, basePost, basePut } = results as Required<typeof results>;
  const row = (label: string, r: LoadResult & { cpuMsPerRequest: number }) =>
    [label, fmt(r.rps), fmt(r.p50), fmt(r.p99), fmt(r.cpuMsPerRequest, 2), r.non2xx, r.errors];
  const checks = (verb: string, app: LoadResult, base: LoadResult) => [
    { target: `${verb}: ≥ 50 % of baseline throughput`, measured: ratio(app.rps, base.rps), met: app.rps >= 0.5 * base.rps },
    { target: `${verb}: p99 ≤ 50 ms`, measured: `${fmt(app.p99)} ms`, met: app.p99 <= 50 },
    { target: `${verb}: no errors or non-2xx`, measured: `${app.non2xx + app.errors}`, met: app.non2xx + app.errors === 0 },
  ];
  return {
    title: '1. Writes (32 concurrent clients)',
    lines: [
      `${durationSec} s per run after a 2 s warm-up. Baseline: Express + better-sqlite3, one INSERT/UPDATE per request in its own`,
      'transaction, WAL, synchronous=FULL (bench/baselines/sqlite-express-server.ts). Product: 32 premium teachers, one per',
      'connection; each PUT carries the If-Match of its previous answer.',
      '',
      ...table(['server', 'req/s', 'p50 ms', 'p99 ms', 'server CPU ms/req', 'non-2xx', 'errors'], [
        row('product POST /api/students', appPost),
        row('baseline POST', basePost),
        row('product PUT /api/students/:id', appPut),
        row('baseline PUT', basePut),
      ]),
      '',
      `Ratios: POST ${ratio(appPost.rps, basePost.rps)}, PUT ${ratio(appPut.rps, basePut.rps)} of the baseline.`,
    ],
    targets: [...checks('POST', appPost, basePost), ...checks('PUT', appPut, basePut)],
  };
}
