import { copyFileSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openEventStore } from '@accommodate/shared-events/event-store/open-event-store';
import { ALL_PROJECTIONS } from '@accommodate/projections/definitions/all-projections';
import { openEmbeddedReadStore } from '@accommodate/projections/store/embedded-read-store';
import type { Doc, ReadStore } from '@accommodate/projections/store/read-store';
import { rebuildProjections } from '@accommodate/projections/runner/rebuild';
import { addStudent, inParallel, registerTeacher, studentForm, type Teacher } from './lib/api-client.ts';
import { fmt } from './lib/report.ts';
import { REPO_ROOT, spawnServer, type ServerProcess } from './lib/server-process.ts';
import { tempDir } from './lib/temp-dir.ts';

/**
 * Crash safety (`node --import tsx bench/crash-test.ts [--kills N]`; not part of npm test):
 * 32 concurrent writers (POST and PUT /api/students) against the one-process server,
 * which is killed with SIGKILL at a random moment, N times (default 10). After each restart:
 *   - every write that was acknowledged (201/200) is there, at least at its revision;
 *   - the read models equal a fresh rebuild of the log.
 * Writes to bench/crash-results.md.
 */
const WRITERS = 32;
const args = process.argv.slice(2);
const KILLS = Number(args[args.indexOf('--kills') + 1] ?? 10) || 10;

interface Acked {
  teacher: Teacher;
  firstName: string;
  revision: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One writer: adds a student, then keeps updating it; records what the server acknowledged. */
async function writer(server: ServerProcess, teacher: Teacher, acked: Map<string, Acked>, stop: { now: boolean }, counter: { n: number }) {
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
const rows: string[] = [];
let failures = 0;
const acked = new Map<string, Acked>();
const counter = { n: 0 };
try {
  let server = await spawnServer({ dataDir: dir.path });
  const teachers: Teacher[] = [];
  await inParallel(WRITERS, 8, async () => void teachers.push(await registerTeacher(server.url, { premium: true })));
  for (let kill = 1; kill <= KILLS; kill++) {
    const stop = { now: false };
    const before = acked.size;
    const writers = teachers.map((teacher) => writer(server, teacher, acked, stop, counter));
    await sleep(1_000 + Math.random() * 2_000);
    const writesBefore = counter.n;
    await server.kill9();
    stop.now = true;
    await Promise.all(writers);
    const restart = await spawnServer({ dataDir: dir.path });
    server = restart;
    // Every acknowledged write: the student exists at least at the acknowledged revision, with that value when equal.
    let lost = 0;
    const entries = [...acked.entries()];
    await inParallel(entries.length, 16, async (i) => {
      const [id, write] = entries[i]!;
      const response = await fetch(`${server.url}/api/students/${id}`, { headers: { Cookie: write.teacher.cookie } });
      const body = response.status === 200 ? ((await response.json()) as { revision: number; firstName: string }) : null;
      if (!body || body.revision < write.revision || (body.revision === write.revision && body.firstName !== write.firstName)) lost += 1;
    });
    await server.stop();
    const comparison = await compareWithRebuild(dir.path);
    if (lost > 0 || !comparison.equal) failures += 1;
    rows.push(
      `| ${kill} | ${fmt(writesBefore)} | ${fmt(acked.size - before)} new students, ${fmt(entries.length)} checked | ${fmt(restart.readyMs)} | ${lost} | ${comparison.equal ? `equal (${fmt(comparison.docs)} docs)` : `**differs**: ${comparison.diff}`} |`,
    );
    console.log(rows.at(-1));
    server = await spawnServer({ dataDir: dir.path });
  }
  await server.stop();
} finally {
  dir.dispose();
}

const report = [
  '# Crash test (bench/crash-test.ts)',
  '',
  `${new Date().toISOString()}: ${WRITERS} concurrent writers (POST and PUT /api/students with If-Match), one-process embedded mode,`,
  `SIGKILL at a random moment ${KILLS} times. After each restart: every acknowledged write is read back (the student exists at`,
  'its acknowledged revision or later, with the acknowledged value at that revision), then the server is stopped and its read',
  'models are compared, collection by collection, with a fresh rebuild of a copy of the log.',
  '',
  '| kill | writes sent so far | acknowledged | restart to /readyz ms | acknowledged writes lost | read models vs fresh rebuild |',
  '|---|---|---|---|---|---|',
  ...rows,
  '',
  failures === 0 ? `Result: **passed** (${KILLS} kills, nothing acknowledged was lost, read models equal a rebuild each time).` : `Result: **failed** in ${failures} of ${KILLS} rounds.`,
  '',
  'Not covered here: the same test in multi-process mode (command-api, projections and workers as separate processes with Redis), and the Redis outage test.',
].join('\n');
writeFileSync(join(REPO_ROOT, 'bench/crash-results.md'), report + '\n');
console.log(report);
process.exit(failures === 0 ? 0 : 1);
