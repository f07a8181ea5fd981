import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { io as connect, type Socket } from 'socket.io-client';
import { toBullmqJobId } from '@accommodate/workers/jobs/bullmq-job-queue';
import { DAILY_SWEEPS_JOB } from '@accommodate/workers/handlers/daily-sweeps';
import { shareExpiryJobId } from '@accommodate/workers/sharing/share-expiry';
import { notificationIdFor } from '@accommodate/workers/notifications/raise-notification';
import { call, registerTeacher, studentForm, type Teacher } from './lib/api-client.ts';
import { startPrivateRedis } from '@accommodate/workers/testing/private-redis';
import { startDeployment, type Deployment } from './lib/deployment.ts';
import { fmt } from './lib/report.ts';
import { REPO_ROOT } from './lib/server-process.ts';
import { tempDir } from './lib/temp-dir.ts';

/**
 * Redis outage (`node --import tsx bench/fault-redis.ts [--outage-s 10]`; not part of npm test).
 * Multi-process mode (command-api ROLE=api, projections, workers; one DATA_DIR; a redis-server of its own
 * with AOF, as in docker-compose.yml). A steady run of reads and writes, two signed-in sockets listening
 * for `change` pokes, and a steady stream of things that raise notifications:
 *   - plans whose review date is tomorrow: the 1-day review reminder is a BullMQ job that raises one
 *     notification to each viewer (owner and co-teacher);
 *   - students shared with the co-teacher: a 'Student shared with you' notification;
 *   - the co-teacher changing a student's accommodations: a notification to the owner;
 *   and every notification is e-mailed by a BullMQ job (an .eml file in DATA_DIR/outbox).
 * Redis is shut down (SIGTERM: a real shutdown, not a pause) for the outage and started again on the same port.
 * Measured: API answers during the outage, time from Redis back to the first poke and the first job, and
 * that notifications and e-mails equal the expected set, without duplicates; and that the jobs due later
 * (overdue reminders, share expiries, the daily sweep's schedule) are in Redis again once it is back, which
 * matters with `--no-aof`: a Redis that returns empty. Writes bench/fault-results.md (`--no-aof`: its own section).
 */
const args = process.argv.slice(2);
const OUTAGE_MS = (args.includes('--outage-s') ? Number(args[args.indexOf('--outage-s') + 1]) || 10 : 10) * 1000;
const BEFORE_MS = 8_000;
const AFTER_MS = 15_000;
const SETTLE_TIMEOUT_MS = 90_000;
/** `--no-aof`: a Redis that comes back empty (no persistence), to see what a deployment without AOF loses. */
const NO_AOF = args.includes('--no-aof');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

type Phase = 'before' | 'outage' | 'after';
interface Sample {
  phase: Phase;
  kind: 'read' | 'write';
  status: number;
  ms: number;
}

const PREFIX = `fault-${process.pid}`;
const dir = tempDir('fault');
const redisDir = tempDir('fault-redis');
const redis = await startPrivateRedis(NO_AOF ? {} : { dir: redisDir.path });
let deployment: Deployment | undefined;
let inspect: Queue | undefined;
const sockets: Socket[] = [];
let report: string[];
let passed: boolean;
try {
  deployment = await startDeployment({ dataDir: dir.path, redis: { url: redis.url, prefix: PREFIX } });
  const { url } = deployment;
  // Verified, so that the share reaches the co-teacher and the notifications are e-mailed.
  const [owner, coTeacher] = [await registerTeacher(url, { premium: true, verifyFrom: dir.path }), await registerTeacher(url, { verifyFrom: dir.path })];

  /** What the load does, phase by phase, and what it was promised. */
  let phase: Phase = 'before';
  const samples: Sample[] = [];
  const timed = async (kind: Sample['kind'], teacher: Teacher, method: string, path: string, body?: unknown) => {
    const started = performance.now();
    const at = phase;
    try {
      const response = await call(url, method, path, teacher.cookie, body);
      samples.push({ phase: at, kind, status: response.status, ms: performance.now() - started });
      return response;
    } catch {
      samples.push({ phase: at, kind, status: 0, ms: performance.now() - started });
      return null;
    }
  };
  const addStudent = async (teacher: Teacher, n: number) => (await timed('write', teacher, 'POST', '/api/students', studentForm(n)))?.body?.id as string | undefined;
  /** Share expiries as job ids, with the phase their grant was acknowledged in. */
  const expiries: { jobId: string; phase: Phase }[] = [];
  const share = async (studentId: string) => {
    const response = await timed('write', owner, 'POST', `/api/students/${studentId}/shares`, { email: coTeacher.email, role: 'co-teacher', expiresAt: utcDay(365) });
    const body = response?.body as { id?: string; expiresAt?: string } | undefined;
    if (response?.status === 201 && body?.id && body.expiresAt) expiries.push({ jobId: shareExpiryJobId(body.id, body.expiresAt), phase });
    return response;
  };

  // Students the co-teacher sees (plans and accommodation changes go there) and the owner's own (plain edits).
  const sharedIds: string[] = [];
  const ownIds: string[] = [];
  let n = 0;
  for (let i = 0; i < 4; i++) {
    const id = (await addStudent(owner, n++))!;
    if ((await share(id))?.status !== 201) throw new Error('setup share failed');
    sharedIds.push(id);
  }
  for (let i = 0; i < 8; i++) ownIds.push((await addStudent(owner, n++))!);
  await deployment.waitForReadModels();

  const pokes: { at: number; userId: string; entity: string }[] = [];
  for (const teacher of [owner, coTeacher]) {
    const socket = connect(url, { transports: ['websocket'], extraHeaders: { Cookie: teacher.cookie } });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    socket.on('change', (message: { entity: string }) => pokes.push({ at: performance.now(), userId: teacher.id, entity: message.entity }));
    sockets.push(socket);
  }
  const jobLines: { at: number; message: string }[] = [];
  deployment.workers!.onLine((line, at) => {
    if (line.includes('"review reminder raised"') || line.includes('"notification e-mailed"')) jobLines.push({ at, message: JSON.parse(line).message });
  });

  const promised = { plans: [] as { planId: string; reviewDate: string; phase: Phase }[], shares: sharedIds.length, accommodationChanges: 0 };
  const stop = { now: false };
  const loops: Promise<void>[] = [];
  // Readers: the two lists a teacher's screens load.
  for (let i = 0; i < 3; i++) {
    loops.push((async () => {
      for (let k = 0; !stop.now; k++) {
        const teacher = k % 2 ? coTeacher : owner;
        await timed('read', teacher, 'GET', k % 3 === 2 ? '/api/notifications' : '/api/students');
      }
    })());
  }
  // Writers: the owner edits its own students, each writer its own ones: two PUTs racing on one student may
  // answer 412 whatever Redis does, and this run is about Redis.
  for (let i = 0; i < 3; i++) {
    const mine = ownIds.filter((_, j) => j % 3 === i);
    loops.push((async () => {
      for (let k = 0; !stop.now; k++) await timed('write', owner, 'PUT', `/api/students/${mine[k % mine.length]}`, studentForm(n++));
    })());
  }
  // Producers of notifications, one thing every 300 ms in turn.
  loops.push((async () => {
    const accommodations = new Map<string, boolean>();
    for (let k = 0; !stop.now; k++) {
      const studentId = sharedIds[k % sharedIds.length]!;
      if (k % 3 === 0) {
        const reviewDate = utcDay(1);
        const response = await timed('write', owner, 'POST', `/api/students/${studentId}/plans`, { startDate: utcDay(0), reviewDate, status: 'active' });
        if (response?.status === 201) promised.plans.push({ planId: response.body.id as string, reviewDate, phase });
      } else if (k % 3 === 1) {
        const id = await addStudent(owner, n++);
        if (id && (await share(id))?.status === 201) promised.shares += 1;
      } else {
        const on = !(accommodations.get(studentId) ?? false);
        const form = { ...studentForm(n++), accommodationIds: on ? ['template-extended-time'] : [] };
        const response = await timed('write', coTeacher, 'PUT', `/api/students/${studentId}`, form);
        if (response?.status === 200) {
          promised.accommodationChanges += 1;
          accommodations.set(studentId, on);
        }
      }
      await sleep(300);
    }
  })());

  await sleep(BEFORE_MS);
  phase = 'outage';
  const down = performance.now();
  await redis.shutdown();
  await sleep(OUTAGE_MS);
  await redis.start();
  const back = performance.now();
  phase = 'after';
  // The reminders of the plans acknowledged during the outage are jobs that could only run once Redis was back.
  const outagePlans = promised.plans.filter((plan) => plan.phase === 'outage');
  let drainedAt: number | null = null;
  const drain = (async () => {
    while (!stop.now && drainedAt === null) {
      const have = new Set((((await call(url, 'GET', '/api/notifications', owner.cookie)).body ?? []) as { id: string }[]).map((note) => note.id));
      if (outagePlans.every((plan) => have.has(notificationIdFor(`review:${plan.planId}:1-day:${plan.reviewDate}:${owner.id}`)))) drainedAt = performance.now();
      else await sleep(100);
    }
  })();
  // Jobs due later, enqueued before the outage: gone with an empty Redis until the workers derive them again.
  inspect = new Queue('reminders', { connection: { host: '127.0.0.1', port: redis.port }, prefix: PREFIX });
  inspect.on('error', () => undefined);
  const queue = inspect;
  const laterJobIds = (which: (phase: Phase) => boolean) => [
    ...promised.plans.filter((plan) => which(plan.phase)).map((plan) => `review:${plan.planId}:overdue:${plan.reviewDate}`),
    ...expiries.filter((expiry) => which(expiry.phase)).map((expiry) => expiry.jobId),
  ];
  const missingLater = async (jobIds: string[]) => {
    let missing = (await queue.getJobScheduler(DAILY_SWEEPS_JOB)) ? 0 : 1;
    for (const jobId of jobIds) if ((await (await queue.getJob(toBullmqJobId(jobId)))?.getState()) !== 'delayed') missing += 1;
    return missing;
  };
  const laterBefore = laterJobIds((at) => at === 'before');
  let restoredAt: number | null = null;
  const restore = (async () => {
    while (!stop.now && restoredAt === null) {
      if ((await missingLater(laterBefore)) === 0) restoredAt = performance.now();
      else await sleep(100);
    }
  })();
  await sleep(AFTER_MS);
  stop.now = true;
  await Promise.all([...loops, drain, restore]);
  const stoppedAt = performance.now();

  // Everything promised should arrive; wait for it (bounded) before comparing.
  const expectedReview = new Map<string, Set<string>>([
    [owner.id, new Set(promised.plans.map((p) => notificationIdFor(`review:${p.planId}:1-day:${p.reviewDate}:${owner.id}`)))],
    [coTeacher.id, new Set(promised.plans.map((p) => notificationIdFor(`review:${p.planId}:1-day:${p.reviewDate}:${coTeacher.id}`)))],
  ]);
  type Note = { id: string; type: string };
  const notificationsOf = async (teacher: Teacher) => ((await call(url, 'GET', '/api/notifications', teacher.cookie)).body ?? []) as Note[];
  // Notification e-mails only: the accounts' own mail (verification links) is named `account-…`.
  const emails = () =>
    existsSync(join(dir.path, 'outbox')) ? readdirSync(join(dir.path, 'outbox')).filter((f) => f.endsWith('.eml') && !f.startsWith('account-')) : [];
  const expectedTotal = promised.plans.length * 2 + promised.shares + promised.accommodationChanges;
  const settleStarted = performance.now();
  let ownerNotes: Note[] = [];
  let coNotes: Note[] = [];
  for (;;) {
    [ownerNotes, coNotes] = [await notificationsOf(owner), await notificationsOf(coTeacher)];
    const all = ownerNotes.length + coNotes.length;
    if ((all >= expectedTotal && emails().length >= all) || performance.now() - settleStarted > SETTLE_TIMEOUT_MS) break;
    await sleep(250);
  }
  const settledMs = performance.now() - stoppedAt;
  const laterAll = laterJobIds(() => true);
  const laterMissing = await missingLater(laterAll);
  await sleep(1_000); // late duplicates, if any, would show up here

  [ownerNotes, coNotes] = [await notificationsOf(owner), await notificationsOf(coTeacher)];
  const ids = [...ownerNotes, ...coNotes].map((note) => note.id);
  const duplicates = ids.length - new Set(ids).size;
  const missingReview = [owner, coTeacher].reduce((sum, teacher) => {
    const have = new Set((teacher === owner ? ownerNotes : coNotes).filter((note) => note.type === 'review').map((note) => note.id));
    return sum + [...expectedReview.get(teacher.id)!].filter((id) => !have.has(id)).length;
  }, 0);
  const extraReview = [...ownerNotes, ...coNotes].filter((note) => note.type === 'review').length - promised.plans.length * 2 + missingReview;
  const shared = coNotes.filter((note) => note.type === 'system').length;
  const feedback = ownerNotes.filter((note) => note.type === 'feedback').length;
  const emailFiles = new Set(emails().map((file) => file.replace(/\.eml$/, '')));
  const emailsMissing = ids.filter((id) => !emailFiles.has(id)).length;
  const emailsExtra = [...emailFiles].filter((id) => !ids.includes(id)).length;

  const firstAfter = <T extends { at: number }>(list: T[]) => list.find((item) => item.at >= back);
  const firstPoke = firstAfter(pokes);
  const firstJob = firstAfter(jobLines);
  const lastPokeBefore = [...pokes].reverse().find((poke) => poke.at < down);
  const pokesDuringOutage = pokes.filter((poke) => poke.at >= down && poke.at < back).length;

  const stats = (which: Phase, kind: Sample['kind']) => {
    const list = samples.filter((s) => s.phase === which && s.kind === kind);
    const bad = list.filter((s) => s.status < 200 || s.status >= 300);
    const ms = list.map((s) => s.ms).sort((a, b) => a - b);
    const statuses = [...new Set(bad.map((s) => s.status))].map((status) => `${status || 'no answer'} ×${bad.filter((s) => s.status === status).length}`).join(', ');
    return `| ${which} | ${kind}s | ${fmt(list.length)} | ${bad.length}${statuses ? ` (${statuses})` : ''} | ${fmt(ms[Math.floor(ms.length / 2)] ?? 0)} | ${fmt(ms[Math.floor(ms.length * 0.99)] ?? 0)} | ${fmt(ms.at(-1) ?? 0)} |`;
  };
  const non2xxDuringOutage = samples.filter((s) => s.phase === 'outage' && (s.status < 200 || s.status >= 300)).length;
  const pokeMs = firstPoke ? firstPoke.at - back : Infinity;
  const jobMs = firstJob ? firstJob.at - back : Infinity;
  const notificationsExact =
    duplicates === 0 && missingReview === 0 && extraReview === 0 && shared === promised.shares && feedback === promised.accommodationChanges;
  const emailsExact = emailsMissing === 0 && emailsExtra === 0;
  const checks = [
    { what: 'API reads and writes during the outage: non-2xx answers', value: String(non2xxDuringOutage), met: non2xxDuringOutage === 0 },
    { what: 'Redis back → first live `change` poke on a socket', value: firstPoke ? `${fmt(pokeMs)} ms` : 'none', met: pokeMs <= 5_000 },
    { what: 'Redis back → first job processed (review reminder or e-mail)', value: firstJob ? `${fmt(jobMs)} ms (${firstJob.message})` : 'none', met: jobMs <= 5_000 },
    {
      what: 'Notifications equal the expected set, no duplicates',
      value: `${fmt(ids.length)} of ${fmt(expectedTotal)} expected; review ${missingReview} missing, ${extraReview} extra; shared ${shared}/${promised.shares}; accommodations ${feedback}/${promised.accommodationChanges}; ${duplicates} duplicate ids`,
      met: notificationsExact,
    },
    {
      what: `Redis back → review reminders of all ${outagePlans.length} plans acknowledged during the outage shown`,
      value: drainedAt === null ? 'not within the run' : `${fmt(drainedAt - back)} ms`,
      met: drainedAt !== null && drainedAt - back <= 5_000,
    },
    {
      what: `Redis back → jobs due later of what was acknowledged before the outage in Redis again (${laterBefore.length} overdue reminders and share expiries, the daily sweep's schedule)`,
      value: restoredAt === null ? 'not within the run' : `${fmt(restoredAt - back)} ms`,
      met: restoredAt !== null && restoredAt - back <= 5_000,
    },
    {
      what: 'Jobs due later at the end: every overdue reminder and share expiry acknowledged, and the schedule',
      value: `${fmt(laterAll.length + 1 - laterMissing)} of ${fmt(laterAll.length + 1)}`,
      met: laterMissing === 0,
    },
    { what: 'One e-mail per notification', value: `${fmt(emailFiles.size)} .eml files; ${emailsMissing} missing, ${emailsExtra} without a notification`, met: emailsExact },
  ];
  passed = checks.every((check) => check.met);
  report = [
    '# Redis outage (bench/fault-redis.ts)',
    '',
    `${new Date().toISOString()}: \`node --import tsx bench/fault-redis.ts\`. Multi-process mode: command-api (ROLE=api), projections and`,
    'workers as three processes sharing one DATA_DIR (embedded SQLite event log and read models, WAL; EventStoreDB and MongoDB cannot',
    `run on this machine) and a redis-server of the test's own (${NO_AOF ? 'no persistence: it comes back empty' : 'AOF on, as in docker-compose.yml'}) for BullMQ and Socket.IO.`,
    `Load: 3 readers (GET /api/students, /api/notifications), 3 writers (PUT /api/students), and every 300 ms one of: a plan due for`,
    'review tomorrow (a BullMQ job raises the 1-day reminder to owner and co-teacher), a new student shared with the co-teacher',
    '(notification to the co-teacher), the co-teacher changing accommodations (notification to the owner); each notification is',
    'e-mailed by a BullMQ job. Two sockets (owner, co-teacher) listen for `change`.',
    `Timeline: ${BEFORE_MS / 1000} s steady, then redis-server shut down (SIGTERM) and ${OUTAGE_MS / 1000} s without Redis, then redis-server again on the same port, ${AFTER_MS / 1000} s more load.`,
    '',
    '| check | measured | verdict |',
    '|---|---|---|',
    ...checks.map((check) => `| ${check.what} | ${check.value} | ${check.met ? 'met' : '**missed**'} |`),
    '',
    '| phase | requests | count | non-2xx | p50 ms | p99 ms | max ms |',
    '|---|---|---|---|---|---|---|',
    ...(['before', 'outage', 'after'] as const).flatMap((which) => [stats(which, 'read'), stats(which, 'write')]),
    '',
    `Promised (acknowledged): ${promised.plans.length} plans (${outagePlans.length} during the outage), ${promised.shares} shares (${sharedIds.length} of them before the run), ${promised.accommodationChanges} accommodation changes.`,
    `Pokes: ${fmt(pokes.length)} in all, ${pokesDuringOutage} during the outage (pokes are at most once by design; clients refetch on reconnect), last one before the outage ${lastPokeBefore ? `${fmt(down - lastPokeBefore.at)} ms before it` : 'none'}.`,
    `Everything expected (notifications and e-mails) had arrived ${fmt(settledMs)} ms after the load stopped.`,
    '',
    passed ? 'Result: **passed**.' : 'Result: **failed** (see the checks above).',
  ];
} finally {
  for (const socket of sockets) socket.close();
  await inspect?.close();
  await deployment?.stop();
  await redis.shutdown();
  dir.dispose();
  redisDir.dispose();
}
// The deployment's configuration (AOF) is the record; the --no-aof run keeps a short section of its own at the end.
const resultsFile = join(REPO_ROOT, 'bench/fault-results.md');
const EMPTY_HEADING = '## Redis back empty (`--no-aof`)';
const previous = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '';
const cut = previous.indexOf(EMPTY_HEADING);
const [recordPart, emptyPart] = cut >= 0 ? [previous.slice(0, cut), previous.slice(cut)] : [previous, ''];
const checksAndVerdict = report.filter((line) => line.startsWith('| check') || line === '|---|---|---|' || /^\| .* \| (met|\*\*missed\*\*) \|$/.test(line));
const emptySection = [
  EMPTY_HEADING,
  '',
  `${new Date().toISOString()}: \`node --import tsx bench/fault-redis.ts --no-aof\`: the same run with a redis-server without persistence, so it`,
  'comes back from the outage with no keys at all (as after a failover to a fresh instance).',
  '',
  ...checksAndVerdict,
  '',
  report.at(-1)!,
].join('\n');
const record = NO_AOF ? recordPart.trimEnd() : report.join('\n');
writeFileSync(resultsFile, `${record}\n${NO_AOF ? `\n${emptySection}\n` : emptyPart ? `\n${emptyPart.trimEnd()}\n` : ''}`);
console.log(report.join('\n'));
process.exit(passed ? 0 : 1);
