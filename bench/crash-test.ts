import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openEventStore } from '@accommodate/shared-events/event-store/open-event-store';
import { ALL_PROJECTIONS } from '@accommodate/projections/definitions/all-projections';
import { openEmbeddedReadStore } from '@accommodate/projections/store/embedded-read-store';
import type { Doc, ReadStore } from '@accommodate/projections/store/read-store';
import { rebuildProjections } from '@accommodate/projections/runner/rebuild';
import { addStudent, inParallel, registerTeacher, studentForm, type Teacher } from './lib/api-client.ts';
import { startPrivateRedis } from '@accommodate/workers/testing/private-redis';
import { ALL_PARTS, startDeployment, type Deployment, type Part } from './lib/deployment.ts';
import { fmt } from './lib/report.ts';
import { REPO_ROOT } from './lib/server-process.ts';
import { tempDir } from './lib/temp-dir.ts';

/**
 * Crash safety (`node --import tsx bench/crash-test.ts [--kills N] [--multi-process]`; not part of npm test):
 * 32 concurrent writers (POST and PUT /api/students) against the server, which is killed with
 * SIGKILL at a random moment, N times (default 10). After each restart:
 *   - every write that was acknowledged (201/200) is there, at least at its revision;
 *   - the read models equal a fresh rebuild of the log.
 * One-process mode by default. `--multi-process`: command-api (ROLE=api), projections and workers
 * as three processes sharing one DATA_DIR (embedded SQLite, WAL) and a redis-server of its own;
 * each round kills all three, or only one of them. Writes its mode's section of bench/crash-results.md.
 */
const WRITERS = 32;
const args = process.argv.slice(2);
const KILLS = args.includes('--kills') ? Number(args[args.indexOf('--kills') + 1]) || 10 : 10;
const MULTI = args.includes('--multi-process');
/** What each round kills in multi-process mode: all three half the time, otherwise one of them in turn. */
const KILL_PLAN: readonly (readonly Part[])[] = [ALL_PARTS, ['api'], ALL_PARTS, ['projections'], ALL_PARTS, ['workers']];

interface Acked {
  teacher: Teacher;
  firstName: string;
  revision: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One writer: adds a student, then keeps updating it; records what the server acknowledged. */
async function writer(server: { url: string }, teacher: Teacher, acked: Map<string, Acked>, stop: { now: boolean }, counter: { n: number }) {
  let current: { id: string; revision: number } | null = null;
  while (!stop.now) {
    try {
      if (!current || Math.random() < 0.2) {
        const n = counter.n++;
        const { id, revision } = await addStudent(server.url, teacher, n);
        acked.set(id, { teacher, firstName: `Student${n}`, revision });
        current = { id, revision };
      } else {
        const n = counter.n++;
        const response = await fetch(`${server.url}/api/students/${current.id}`, {
          method: 'PUT',
          headers: { Cookie: teacher.cookie, 'Content-Type': 'application/json', 'If-Match': `"${current.revision}"` },
          body: JSON.stringify(studentForm(n)),
        });
        const body = (await response.json()) as { revision?: number };
        if (response.status === 200 && typeof body.revision === 'number') {
          current.revision = body.revision;
          acked.set(current.id, { teacher, firstName: `Student${n}`, revision: body.revision });
        }
      }
    } catch {
      // The server died mid-request: not acknowledged, so no promise was made.
      return;
    }
  }
}

/** Every projection collection, sorted by id, for comparison. */
async function snapshot(store: ReadStore): Promise<Record<string, Doc[]>> {
  const out: Record<string, Doc[]> = {};
  for (const projection of ALL_PROJECTIONS) {
    for (const collection of projection.collections) {
      out[collection] = await store.collection(collection).find(undefined, { sort: { field: 'id', direction: 'asc' } });
    }
  }
  return out;
}

async function compareWithRebuild(dataDir: string): Promise<{ equal: boolean; docs: number; diff: string }> {
  const live = openEmbeddedReadStore({ file: join(dataDir, 'read-models.sqlite') });
  const liveDocs = await snapshot(live);
  await live.close();
  const copy = tempDir('crash-rebuild');
  try {
    for (const file of ['events.sqlite', 'events.sqlite-wal', 'keys.sqlite', 'keys.sqlite-wal']) {
      if (existsSync(join(dataDir, file))) copyFileSync(join(dataDir, file), join(copy.path, file));
    }
    const eventStore = await openEventStore({ dataDir: copy.path });
    const fresh = openEmbeddedReadStore({ file: join(copy.path, 'read-models.sqlite') });
    await rebuildProjections({ eventStore, readStore: fresh, projections: ALL_PROJECTIONS });
    const rebuiltDocs = await snapshot(fresh);
    await fresh.close();
    await eventStore.close();
    const docs = Object.values(liveDocs).reduce((sum, list) => sum + list.length, 0);
    for (const name of Object.keys(rebuiltDocs)) {
      const a = JSON.stringify(liveDocs[name]);
      const b = JSON.stringify(rebuiltDocs[name]);
      if (a !== b) {
        // Ids and counts only: the documents hold (test) personal data.
        const liveIds = new Set(liveDocs[name]!.map((d) => d.id));
        const rebuiltIds = new Set(rebuiltDocs[name]!.map((d) => d.id));
        const onlyLive = [...liveIds].filter((id) => !rebuiltIds.has(id)).length;
        const onlyRebuilt = [...rebuiltIds].filter((id) => !liveIds.has(id)).length;
        return { equal: false, docs, diff: `${name}: ${liveIds.size} live vs ${rebuiltIds.size} rebuilt, ${onlyLive} only live, ${onlyRebuilt} only rebuilt` };
      }
    }
    return { equal: true, docs, diff: '' };
  } finally {
    copy.dispose();
  }
}

const dir = tempDir('crash');
const redisDir = tempDir('crash-redis');
const rows: string[] = [];
let failures = 0;
const acked = new Map<string, Acked>();
const counter = { n: 0 };
// Whatever is still running when a round throws, so that no server or redis-server outlives the test.
let redis: Awaited<ReturnType<typeof startPrivateRedis>> | null = null;
let running: Deployment | null = null;
try {
  redis = MULTI ? await startPrivateRedis({ dir: redisDir.path }) : null;
  const start = async () =>
    (running = await startDeployment({ dataDir: dir.path, ...(redis ? { redis: { url: redis.url, prefix: `crash-${process.pid}` } } : {}) }));
  let deployment: Deployment = await start();
  const teachers: Teacher[] = [];
  await inParallel(WRITERS, 8, async () => void teachers.push(await registerTeacher(deployment.url, { premium: true })));
  for (let kill = 1; kill <= KILLS; kill++) {
    const killed = MULTI ? KILL_PLAN[(kill - 1) % KILL_PLAN.length]! : ALL_PARTS;
    const stop = { now: false };
    const before = acked.size;
    const writers = teachers.map((teacher) => writer(deployment, teacher, acked, stop, counter));
    await sleep(1_000 + Math.random() * 2_000);
    const writesBefore = counter.n;
    await deployment.kill9(killed);
    stop.now = true;
    await Promise.all(writers);
    const restartMs = await deployment.restart(killed);
    // In multi-process mode the API can answer before the projections process applied the write.
    await deployment.waitForReadModels();
    // Every acknowledged write: the student exists at least at the acknowledged revision, with that value when equal.
    let lost = 0;
    const entries = [...acked.entries()];
    await inParallel(entries.length, 16, async (i) => {
      const [id, write] = entries[i]!;
      const response = await fetch(`${deployment.url}/api/students/${id}`, { headers: { Cookie: write.teacher.cookie } });
      const body = response.status === 200 ? ((await response.json()) as { revision: number; firstName: string }) : null;
      if (!body || body.revision < write.revision || (body.revision === write.revision && body.firstName !== write.firstName)) lost += 1;
    });
    await deployment.waitForReadModels();
    await deployment.stop();
    running = null;
    const comparison = await compareWithRebuild(dir.path);
    if (lost > 0 || !comparison.equal) failures += 1;
    rows.push(
      `| ${kill} |${MULTI ? ` ${killed.length === ALL_PARTS.length ? 'all three' : killed.join(', ')} |` : ''} ${fmt(writesBefore)} | ${fmt(acked.size - before)} new students, ${fmt(entries.length)} checked | ${fmt(restartMs)} | ${lost} | ${comparison.equal ? `equal (${fmt(comparison.docs)} docs)` : `**differs**: ${comparison.diff}`} |`,
    );
    console.log(rows.at(-1));
    deployment = await start();
  }
} finally {
  await (running as Deployment | null)?.stop();
  await redis?.shutdown();
  dir.dispose();
  redisDir.dispose();
}

const section = [
  MULTI ? '## Multi-process mode (`--multi-process`)' : '## One-process mode',
  '',
  MULTI
    ? `${new Date().toISOString()}: ${WRITERS} concurrent writers (POST and PUT /api/students with If-Match) against command-api (ROLE=api), ` +
      'the projections service and the workers service as three processes, sharing one DATA_DIR (embedded SQLite event log and ' +
      'read models, WAL) and a redis-server of the test\'s own (BullMQ jobs, Socket.IO Redis adapter and emitter). EventStoreDB and ' +
      'MongoDB cannot run on this machine, so this is the multi-process topology with the embedded stores. ' +
      `SIGKILL at a random moment ${KILLS} times, to all three processes or to one of them (column "killed"), which are then restarted. ` +
      'Each write waits for its read model, which the projections process commits once it sees the API\'s append (a waiting subscription checks for other processes\' commits every 20 ms).'
    : `${new Date().toISOString()}: ${WRITERS} concurrent writers (POST and PUT /api/students with If-Match), one-process embedded mode, SIGKILL at a random moment ${KILLS} times.`,
  'After each restart, once every projection\'s checkpoint has reached the head of the log: every acknowledged write is read back',
  '(the student exists at its acknowledged revision or later, with the acknowledged value at that revision), then the processes',
  'are stopped and the read models are compared, collection by collection, with a fresh rebuild of a copy of the log.',
  '',
  `| kill |${MULTI ? ' killed |' : ''} writes sent so far | acknowledged | restart to ready ms | acknowledged writes lost | read models vs fresh rebuild |`,
  `|---|${MULTI ? '---|' : ''}---|---|---|---|---|`,
  ...rows,
  '',
  failures === 0 ? `Result: **passed** (${KILLS} kills, nothing acknowledged was lost, read models equal a rebuild each time).` : `Result: **failed** in ${failures} of ${KILLS} rounds.`,
];
// Each mode rewrites only its own section, so the file keeps the last run of both.
const resultsFile = join(REPO_ROOT, 'bench/crash-results.md');
const previous = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '';
const otherTitle = MULTI ? '## One-process mode' : '## Multi-process mode';
const otherStart = previous.indexOf(otherTitle);
const other = otherStart < 0 ? [] : [previous.slice(otherStart, previous.indexOf('\n## ', otherStart + 1) < 0 ? undefined : previous.indexOf('\n## ', otherStart + 1)).trimEnd()];
const sections = MULTI ? [...other, section.join('\n')] : [section.join('\n'), ...other];
const report = ['# Crash test (bench/crash-test.ts)', '', 'Commands: `node --import tsx bench/crash-test.ts` (one process) and `node --import tsx bench/crash-test.ts --multi-process`.', '', sections.join('\n\n')].join('\n');
writeFileSync(resultsFile, report + '\n');
console.log(section.join('\n'));
process.exit(failures === 0 ? 0 : 1);
