import { randomBytes } from 'node:crypto';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateDistrict, type DistrictSize } from './lib/district-events.ts';
import { registerTeacher } from './lib/api-client.ts';
import { spawnServer } from './lib/server-process.ts';
import { untilSettled } from './lib/cpu.ts';
import { tempDir } from './lib/temp-dir.ts';
import { spawn } from 'node:child_process';

/**
 * The recovery time and what a backup costs, for docs/operations.md: a district of 50,000 students (--quick: 5,000)
 * written into the log, its server's first start settled, then a backup of it, a restore into an empty folder and
 * the restored server's first start to /readyz 200, once as is and once with an erasure in the ledger (which drops
 * the read models, so that start builds them). `node --import tsx bench/recovery.ts [--quick]`; prints a table.
 */
const quick = process.argv.includes('--quick');
const size: DistrictSize = quick ? { schools: 20, students: 5_000, staff: 300 } : { schools: 20, students: 50_000, staff: 3_000 };
const BACKUP_KEY = randomBytes(32).toString('base64');

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; s: number }> {
  const started = performance.now();
  const value = await work();
  return { value, s: (performance.now() - started) / 1000 };
}

function npm(script: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, LOG_LEVEL: 'warn', ...env } });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm run ${script} exited with ${code}`))));
  });
}

const bytesUnder = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => sum + (entry.isDirectory() ? bytesUnder(join(dir, entry.name)) : statSync(join(dir, entry.name)).size), 0);

const data = tempDir('recovery-data');
const backups = tempDir('recovery-backups');
const restored = tempDir('recovery-restored');
const rebuilt = tempDir('recovery-rebuilt');
try {
  const first = await spawnServer({ dataDir: data.path });
  const admin = await registerTeacher(first.url);
  const coordinator = await registerTeacher(first.url);
  await first.stop();
  const generated = await generateDistrict(data.path, size, admin.id, coordinator.id, new Date().toISOString().slice(0, 10));
  const firstStart = await spawnServer({ dataDir: data.path, timeoutMs: 1_800_000 });
  await untilSettled(firstStart.pid, { maxMs: 1_500_000 });

  // The backup, taken from the running server.
  const backup = await timed(() => npm('backup', ['--to', backups.path], { DATA_DIR: data.path, BACKUP_KEY }));
  await firstStart.stop();
  const file = join(backups.path, readdirSync(backups.path).find((name) => name.endsWith('.backup'))!);

  const restore = await timed(() => npm('restore', ['--from', file, '--to', join(restored.path, 'data'), '--no-ledger'], { BACKUP_KEY }));
  const start = await spawnServer({ dataDir: join(restored.path, 'data'), timeoutMs: 1_800_000 });
  await start.stop();

  // The same backup with one erasure made after it: the read models are dropped and the first start builds them.
  const ledger = join(rebuilt.path, 'ledger');
  writeFileSync(ledger, `${JSON.stringify({ kind: 'subject', subjectId: 'recovery-measure', erasedAt: new Date().toISOString() })}\n`);
  const restoreWithErasure = await timed(() => npm('restore', ['--from', file, '--to', join(rebuilt.path, 'data'), '--ledger', ledger], { BACKUP_KEY }));
  const rebuildStart = await spawnServer({ dataDir: join(rebuilt.path, 'data'), timeoutMs: 1_800_000 });
  await rebuildStart.stop();

  const rows = [
    ['events in the log', generated.events.toLocaleString('en-US')],
    ['DATA_DIR', `${(bytesUnder(data.path) / 2 ** 20).toFixed(0)} MiB`],
    ['backup file', `${(statSync(file).size / 2 ** 20).toFixed(0)} MiB`],
    ['npm run backup (server running)', `${backup.s.toFixed(1)} s`],
    ['npm run restore', `${restore.s.toFixed(1)} s`],
    ['first start to /readyz 200', `${(start.readyMs / 1000).toFixed(1)} s`],
    ['restore + first start', `${(restore.s + start.readyMs / 1000).toFixed(1)} s`],
    ['npm run restore, an erasure re-applied', `${restoreWithErasure.s.toFixed(1)} s`],
    ['first start building every read model', `${(rebuildStart.readyMs / 1000).toFixed(1)} s`],
    ['restore + first start, with the rebuild', `${(restoreWithErasure.s + rebuildStart.readyMs / 1000).toFixed(1)} s`],
  ];
  console.log(`| ${size.students.toLocaleString('en-US')} students | |\n| --- | --- |\n${rows.map(([what, value]) => `| ${what} | ${value} |`).join('\n')}`);
} finally {
  for (const dir of [data, backups, restored, rebuilt]) dir.dispose();
}
