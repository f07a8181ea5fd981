import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openEventStore } from '@accommodate/shared-events/event-store/open-event-store';
import { ALL_PROJECTIONS } from '@accommodate/projections/definitions/all-projections';
import { openPostgresReadStore } from '@accommodate/projections/store/postgres-read-store';
import { rebuildProjections } from '@accommodate/projections/runner/rebuild';
import { addStudent, call, inParallel, registerTeacher } from './lib/api-client.ts';
import { generateEventLog } from './lib/event-log.ts';
import { missingWrites, startWriters } from './lib/failover-writers.ts';
import { measured, medianRun, runLoad, type MeasuredLoad } from './lib/load.ts';
import { fmt, ratio, table, type BenchOptions, type BenchSection } from './lib/report.ts';
import { spawnServer, spawnService, type ServerProcess } from './lib/server-process.ts';
import { startBalancer } from './lib/tcp-balancer.ts';
import { tempDir } from './lib/temp-dir.ts';
import { postLoad, writeFixtures, writeRound } from './writes.bench.ts';

const CONNECTIONS = 32;
const STUDENTS = 200;
const SERVER = 'postgres://postgres@127.0.0.1:5432';

/** A database of the benchmark's own on the local server, dropped by `drop`. */
async function database(label: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `accommodate_bench_${label}_${randomUUID().slice(0, 8)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: `${SERVER}/postgres` });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  return { url: `${SERVER}/${name}`, drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

type Run = 'appPost' | 'basePost' | 'appPut' | 'basePut' | 'appGet' | 'baseGet';

/**
 * The PostgreSQL topology (an API node with ROLE=api, the projections and workers services, DATABASE_URL and
 * REDIS_URL) against a naive Express server on the same PostgreSQL with the same client: one autocommitted INSERT or
 * UPDATE per write, one SELECT for the list. Both loaded in alternating rounds; the median round of each is compared.
 * Then a full rebuild from PostgreSQL, and a second API node behind a balancer with one node killed under load.
 */
export async function postgresBenchmark(options: BenchOptions): Promise<BenchSection> {
  const durationSec = options.quick ? 4 : 6;
  const rounds = options.quick ? 1 : 3;
  const rebuildEvents = options.quick ? 50_000 : 200_000;
  const runs: Record<Run, MeasuredLoad[]> = { appPost: [], basePost: [], appPut: [], basePut: [], appGet: [], baseGet: [] };
  const dirs = [tempDir('pg-bench-api'), tempDir('pg-bench-api2'), tempDir('pg-bench-services')] as const;
  const appDb = await database('app');
  const baseDb = await database('base');
  const logDb = await database('log');
  const env = { DATABASE_URL: appDb.url, REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', REDIS_PREFIX: `bench-pg-${randomUUID()}` };
  const stops: (() => Promise<void>)[] = [];
  let rebuild: { events: number; ms: number } | undefined;
  let failover: { acked: number; longestOutageMs: number; missing: number } | undefined;
  try {
    const projections = await spawnService({ entry: 'projections/src/main.ts', dataDir: dirs[2].path, env, readyLine: 'projections running' });
    stops.push(() => projections.stop());
    const workers = await spawnService({ entry: 'workers/src/main.ts', dataDir: dirs[2].path, env, readyLine: 'workers running' });
    stops.push(() => workers.stop());
    const app = await spawnServer({ dataDir: dirs[0].path, env: { ...env, ROLE: 'api' } });
    stops.push(() => app.stop());
    const base = await spawnServer({ dataDir: dirs[0].path, entry: 'bench/baselines/postgres-express-server.ts', env: { DATABASE_URL: baseDb.url } });
    stops.push(() => base.stop());

    const fixtures = await writeFixtures(app.url, base.url);
    const { teachers, fakeTeachers } = fixtures;
    // The list: a teacher of 200 students on each side.
    const reader = await registerTeacher(app.url, { premium: true });
    await inParallel(STUDENTS, 8, (i) => addStudent(app.url, reader, i));
    const baseReader = `sid=${randomUUID()}`;
    for (let i = 0; i < STUDENTS; i++) await call(base.url, 'POST', '/api/students', baseReader, { firstName: `Student${i}`, lastInitial: 'B', grade: '3', status: 'active' });
    const readLoad = (server: ServerProcess, cookie: string, seconds: number) =>
      runLoad({ url: `${server.url}/api/students`, connections: CONNECTIONS, durationSec: seconds, headers: { Cookie: cookie } });

    await postLoad(app.url, teachers, 2);
    await postLoad(base.url, fakeTeachers, 2);
    await readLoad(app, reader.cookie, 2);
    await readLoad(base, baseReader, 2);
    for (let round = 0; round < rounds; round++) {
      await writeRound(app, base, fixtures, durationSec, runs);
      runs.appGet.push(await measured(app.pid, () => readLoad(app, reader.cookie, durationSec)));
      runs.baseGet.push(await measured(base.pid, () => readLoad(base, baseReader, durationSec)));
    }
    await base.stop();

    // A second API node and a balancer in front of both; the first node is killed 2 s into a 6 s load.
    const second = await spawnServer({ dataDir: dirs[1].path, env: { ...env, ROLE: 'api' } });
    stops.push(() => second.stop());
    const balancer = await startBalancer([
      { host: '127.0.0.1', port: app.port },
      { host: '127.0.0.1', port: second.port },
    ]);
    stops.push(() => balancer.close());
    const writers = startWriters(balancer.url, teachers);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await app.kill9();
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const { longestOutageMs, writes } = await writers.stop();
    failover = { acked: writes, longestOutageMs, missing: (await missingWrites(second.url, writers.acked)).length };

    // A full rebuild from a PostgreSQL log of its own into PostgreSQL read models.
    await generateEventLog(dirs[2].path, rebuildEvents, logDb.url);
    const eventStore = await openEventStore({ dataDir: dirs[2].path, databaseUrl: logDb.url });
    const readStore = await openPostgresReadStore({ url: logDb.url });
    try {
      const result = await rebuildProjections({ eventStore, readStore, projections: ALL_PROJECTIONS });
      rebuild = { events: result.events, ms: result.ms };
    } finally {
      await readStore.close();
      await eventStore.close();
    }
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await Promise.all([appDb.drop(), baseDb.drop(), logDb.drop()]);
    for (const dir of dirs) dir.dispose();
  }

  if (!rebuild || !failover) throw new Error('the benchmark ended before its last part');
  const [post, basePost, put, basePut, get, baseGet] = (['appPost', 'basePost', 'appPut', 'basePut', 'appGet', 'baseGet'] as const).map((run) => medianRun(runs[run]));
  const row = (label: string, r: MeasuredLoad) => [label, fmt(r.rps), fmt(r.p50), fmt(r.p99), fmt(r.cpuMsPerRequest, 2), r.non2xx + r.errors];
  const eventsPerSecond = (rebuild.events / rebuild.ms) * 1_000;
  return {
    title: 'PostgreSQL topology',
    lines: [
      `The product: an API node (ROLE=api), the projections and workers services, on PostgreSQL (DATABASE_URL) and Redis.`,
      'Baseline: Express with the same client (pg) on the same server, one autocommitted INSERT or UPDATE per write and one',
      `SELECT for the list (bench/baselines/postgres-express-server.ts). ${CONNECTIONS} connections; ${rounds} alternating round(s) of ${durationSec} s;`,
      'the median round of each is compared. The machine is shared with other engineers\' work.',
      '',
      ...table(
        ['load (median round)', 'req/s', 'p50 ms', 'p99 ms', 'server CPU ms/req', 'failed'],
        [row('product POST', post!), row('baseline POST', basePost!), row('product PUT', put!), row('baseline PUT', basePut!), row(`product GET list (${STUDENTS})`, get!), row('baseline GET list', baseGet!)],
      ),
      '',
      `Rebuild of every projection from a PostgreSQL log of ${fmt(rebuild.events)} events into PostgreSQL: ${fmt(rebuild.ms / 1_000, 1)} s, ${fmt(eventsPerSecond)} events/s.`,
      `Failover: two API nodes behind a TCP balancer, ${CONNECTIONS} writers, one node killed (SIGKILL) 2 s into 6 s: ${fmt(failover.acked)} writes acknowledged, ${failover.missing} of their students missing or behind afterwards; the longest time one writer kept seeing errors ${fmt(failover.longestOutageMs)} ms.`,
    ],
    targets: [
      { target: 'POST: ≥ 70 % of baseline throughput', measured: ratio(post!.rps, basePost!.rps), met: post!.rps >= 0.7 * basePost!.rps },
      { target: 'POST: p99 ≤ 2 × baseline', measured: `${fmt(post!.p99)} vs ${fmt(basePost!.p99)} ms`, met: post!.p99 <= 2 * basePost!.p99 },
      { target: 'PUT: ≥ 70 % of baseline throughput', measured: ratio(put!.rps, basePut!.rps), met: put!.rps >= 0.7 * basePut!.rps },
      { target: 'PUT: p99 ≤ 2 × baseline', measured: `${fmt(put!.p99)} vs ${fmt(basePut!.p99)} ms`, met: put!.p99 <= 2 * basePut!.p99 },
      { target: 'GET list: ≥ 70 % of baseline throughput', measured: ratio(get!.rps, baseGet!.rps), met: get!.rps >= 0.7 * baseGet!.rps },
      { target: 'Rebuild from PostgreSQL ≥ 50,000 events/s', measured: `${fmt(eventsPerSecond)} events/s`, met: eventsPerSecond >= 50_000 },
      { target: 'One API node of two killed: no client sees errors for more than 2 s', measured: `${fmt(failover.longestOutageMs)} ms`, met: failover.longestOutageMs <= 2_000 },
      { target: 'One API node of two killed: no acknowledged write lost', measured: String(failover.missing), met: failover.missing === 0 },
    ],
  };
}
