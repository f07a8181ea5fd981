import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { districtDashboardSchema } from '@accommodate/shared-events/schemas/district-dashboard';
import { districtDashboardProjection } from '@accommodate/projections/definitions/district-dashboard-projection';
import { getOnTheWire, getText, registerTeacher } from './lib/api-client.ts';
import { appendedSince, generateDistrict, type DistrictSize } from './lib/district-events.ts';
import { measured, type MeasuredLoad } from './lib/load.ts';
import { runHttpLoad } from './lib/http-load.ts';
import type { RebuildMeasurements } from './lib/measure-rebuild.ts';
import { fmt, ratio, table, type BenchOptions, type BenchSection } from './lib/report.ts';
import { runScript, spawnServer } from './lib/server-process.ts';
import { untilSettled } from './lib/cpu.ts';
import { tempDir } from './lib/temp-dir.ts';

const CONNECTIONS = 32;
const FULL: DistrictSize = { schools: 20, students: 50_000, staff: 3_000 };
const QUICK: DistrictSize = { schools: 20, students: 5_000, staff: 300 };
const ACCEPT_ENCODING = 'gzip';

const onTheWire = (answer: { bytes: number; encoding: string | null }) => `${fmt(answer.bytes / 1024, 1)} KB ${answer.encoding ?? 'plain'}`;

/**
 * A district of 20 schools, 50,000 students, 3,000 staff and 2,000,000 events, written straight into the log.
 * The district dashboard at p99 ≤ 100 ms under 32 readers; a coordinator's list of their school's 2,500 students at
 * p99 ≤ 100 ms; each against the reads baseline (Express sending the same bytes from memory) in the same run; and a
 * rebuild of every projection over the log at ≥ 50,000 events/s.
 */
export async function districtBenchmark(options: BenchOptions): Promise<BenchSection> {
  const size = options.quick ? QUICK : FULL;
  const seconds = options.quick ? 3 : 6;
  const dir = tempDir('district');
  const models = tempDir('district-models');
  let server: Awaited<ReturnType<typeof spawnServer>> | null = null;
  try {
    // The district admin and one school's coordinator: registered first, so that the log can name them.
    const first = await spawnServer({ dataDir: dir.path });
    const admin = await registerTeacher(first.url);
    const coordinator = await registerTeacher(first.url);
    await first.stop();
    const today = new Date().toISOString().slice(0, 10);
    const generated = await generateDistrict(dir.path, size, admin.id, coordinator.id, today);
    const rebuildOf = async (...without: string[]) => {
      const measured = JSON.parse(await runScript('bench/lib/measure-rebuild.ts', [dir.path, models.path, ...without], { stdout: 'capture' })) as RebuildMeasurements;
      // The next one builds into a fresh read-models file too.
      for (const file of readdirSync(models.path)) rmSync(join(models.path, file), { recursive: true, force: true });
      return measured;
    };
    // The district dashboard's projection left out, then every projection: what it costs, on the machine as it is then.
    const before = await rebuildOf(districtDashboardProjection.name);
    const rebuild = await rebuildOf();
    // A server's first start on the log builds its read models and takes its workers through the whole log (the
    // reminders each plan is due, the reactions to every change), as a district's server did once, long ago. The reads
    // are measured after a restart on what that start made, as after a deploy: the steady state the targets are about.
    const firstStart = await spawnServer({ dataDir: dir.path, timeoutMs: 1_800_000 });
    server = firstStart;
    const firstSettled = await untilSettled(firstStart.pid, { maxMs: 1_500_000 });
    await firstStart.stop();
    const product = await spawnServer({ dataDir: dir.path, timeoutMs: 1_800_000 });
    server = product;
    const settled = await untilSettled(product.pid);
    const dashboardPath = `/api/districts/${generated.districtId}/dashboard`;
    // The coordinator's school's students (the first school's): the screen a coordinator works from.
    const studentsPath = `/api/students?schoolId=${generated.schoolIds[0]!}`;
    const dashboardBody = await getText(product.url, dashboardPath, admin.cookie);
    const dashboard = districtDashboardSchema.parse(JSON.parse(dashboardBody));
    if (dashboard.total.students !== size.students) throw new Error(`the dashboard counts ${dashboard.total.students} students, not ${size.students}`);
    const studentsBody = await getText(product.url, studentsPath, coordinator.cookie);
    const listed = (JSON.parse(studentsBody) as unknown[]).length;
    if (listed !== size.students / size.schools) throw new Error(`the coordinator lists ${listed} students, not ${size.students / size.schools}`);

    // As a browser asks (it always takes gzip): the product and the baseline alike answer compressed then. `plain`: as
    // a script without Accept-Encoding asks, which is also how every answer went before they were compressed.
    const load = (url: string, cookie: string | null, duration: number, plain = false) =>
      runHttpLoad({ url, connections: CONNECTIONS, durationSec: duration, headers: { ...(plain ? {} : { 'Accept-Encoding': ACCEPT_ENCODING }), ...(cookie ? { Cookie: cookie } : {}) } });
    const measure = async (path: string, cookie: string, body: string, name: string, plain = false): Promise<{ app: MeasuredLoad; base: MeasuredLoad }> => {
      const bodyFile = join(dir.path, `${name}.json`);
      writeFileSync(bodyFile, body);
      const baseline = await spawnServer({ dataDir: dir.path, entry: 'bench/baselines/memory-express-server.ts', env: { BODY_FILE: bodyFile } });
      try {
        await load(`${product.url}${path}`, cookie, 1, plain);
        await load(`${baseline.url}/api/students`, null, 1, plain);
        const app = await measured(product.pid, () => load(`${product.url}${path}`, cookie, seconds, plain));
        const base = await measured(baseline.pid, () => load(`${baseline.url}/api/students`, null, seconds, plain));
        return { app, base };
      } finally {
        await baseline.stop();
      }
    };
    const dashboardWire = await getOnTheWire(product.url, dashboardPath, admin.cookie, ACCEPT_ENCODING);
    const studentsWire = await getOnTheWire(product.url, studentsPath, coordinator.cookie, ACCEPT_ENCODING);
    const board = await measure(dashboardPath, admin.cookie, dashboardBody, 'dashboard');
    const list = await measure(studentsPath, coordinator.cookie, studentsBody, 'students');
    const plainList = await measure(studentsPath, coordinator.cookie, studentsBody, 'students-plain', true);
    await product.stop();
    server = null;
    // What the server wrote itself (its workers' reminders above all): the generated log has them raised already, as a
    // running server's has, so a server that writes thousands here was measured busy.
    const appended = await appendedSince(dir.path, generated.head);
    const rate = (rebuild.events / rebuild.rebuildMs) * 1_000;
    const rateBefore = (before.events / before.rebuildMs) * 1_000;
    const perMainCpu = (r: RebuildMeasurements) => fmt((r.events / r.rebuildMainCpuMs) * 1_000);
    const row = (label: string, r: MeasuredLoad) => [label, fmt(r.rps), fmt(r.p50), fmt(r.p99), fmt(r.cpuMsPerRequest, 2), r.non2xx + r.errors];
    const ok = (r: MeasuredLoad) => r.p99 <= 100 && r.non2xx + r.errors === 0;
    return {
      title: `11. District (${fmt(size.schools)} schools, ${fmt(size.students)} students, ${fmt(size.staff)} staff, ${fmt(generated.events)} events)`,
      lines: [
        `One district, appended straight into the log in ${fmt(generated.ms / 1000, 1)} s (bench/lib/district-events.ts): per student its record, a plan,`,
        'and a month of its implementation log. Rebuild = every projection into a fresh read-models file (bench/lib/measure-rebuild.ts).',
        `Reads: ${CONNECTIONS} connections, ${seconds} s after a 1 s warm-up, each beside the reads baseline (Express sending the same bytes from memory),`,
        'from node:http clients (bench/lib/http-load.ts: autocannon spent 2.5 ms of CPU on each 140 KB answer, which bounded the baseline itself at p99 155 ms),',
        `on a server restarted on the read models and worker checkpoints its first start made (that start settled after ${fmt(firstSettled.ms / 1000, 1)} s${firstSettled.settled ? '' : ', unfinished'}),`,
        `once it had settled too, after ${fmt(settled.ms / 1000, 1)} s${settled.settled ? '' : ' and had not ended (the reads ran meanwhile)'};`,
        `the server appended ${fmt(appended)} events of its own while it ran (the log holds the reminders due, raised, as a running server's does).`,
        `The dashboard is ${fmt(Buffer.byteLength(dashboardBody) / 1024, 1)} KB; the coordinator's list of ${fmt(listed)} students ${fmt(Buffer.byteLength(studentsBody) / 1024, 1)} KB.`,
        `Both loads send Accept-Encoding: ${ACCEPT_ENCODING}, as browsers do; on the wire the dashboard is ${onTheWire(dashboardWire)}, the list ${onTheWire(studentsWire)}`,
        '(the baseline compresses the same bytes once at start with the same zlib level).',
        'The machine was shared with other helpers working at the same time.',
        '',
        `rebuild: ${fmt(rebuild.events)} events in ${fmt(rebuild.rebuildMs / 1000, 1)} s = ${fmt(rate)} events/s (${perMainCpu(rebuild)} per second of the main thread's CPU)`,
        `rebuild without the dashboard's projection: ${fmt(before.rebuildMs / 1000, 1)} s = ${fmt(rateBefore)} events/s (${perMainCpu(before)} per second of the main thread's CPU)`,
        '',
        ...table(['read', 'req/s', 'p50 ms', 'p99 ms', 'server CPU ms/req', 'failed'], [
          row('GET /api/districts/:id/dashboard', board.app),
          row('baseline, same bytes', board.base),
          row(`GET /api/students?schoolId= (coordinator, ${fmt(listed)})`, list.app),
          row('baseline, same bytes', list.base),
          row('the same list plain (no Accept-Encoding: a script, or any client before compression)', plainList.app),
          row('baseline, same bytes plain', plainList.base),
        ]),
        '',
        `Ratios to the baseline's throughput: dashboard ${ratio(board.app.rps, board.base.rps)}, coordinator's list ${ratio(list.app.rps, list.base.rps)}, ` +
          `the list plain ${ratio(plainList.app.rps, plainList.base.rps)}.`,
      ],
      targets: [
        { target: `GET /api/districts/:id/dashboard (${CONNECTIONS} readers): p99 ≤ 100 ms`, measured: `${fmt(board.app.p99)} ms (${ratio(board.app.rps, board.base.rps)} of baseline)`, met: ok(board.app) },
        { target: `coordinator's GET /api/students?schoolId= (${fmt(listed)}, ${CONNECTIONS} readers): p99 ≤ 100 ms`, measured: `${fmt(list.app.p99)} ms (${ratio(list.app.rps, list.base.rps)} of baseline)`, met: ok(list.app) },
        { target: `rebuild ${fmt(rebuild.events)} events: ≥ 50,000 events/s`, measured: `${fmt(rate)}/s`, met: rate >= 50_000 },
      ],
    };
  } finally {
    await server?.stop();
    models.dispose();
    dir.dispose();
  }
}
