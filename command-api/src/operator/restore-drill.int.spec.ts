import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '@accommodate/projections/testing/free-port';
import { signedInTeacher, TestClient, testServerForFile } from '../testing/test-server.ts';

const REPO = path.resolve(import.meta.dirname, '../../..');
const server = testServerForFile();
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'accommodate-drill-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
const BACKUP_KEY = randomBytes(32).toString('base64');

/** `npm run <script> -- args`, as the runbook has the operator type it; resolves with the exit code and output. */
async function npmRun(script: string, args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)('npm', ['run', '--silent', script, '--', ...args], {
      cwd: REPO,
      env: { ...process.env, LOG_LEVEL: 'silent', MONGODB_URL: '', EVENTSTORE_URL: '', REDIS_URL: '', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** `npm start`'s server (without the UI build) on the restored folder, in its own process, until `use` is done. */
async function started<T>(dataDir: string, use: (url: string) => Promise<T>): Promise<T> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'command-api/src/main.ts'], {
    cwd: REPO,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), UI_DIST: '/nonexistent', LOG_LEVEL: 'warn', MONGODB_URL: '', EVENTSTORE_URL: '', REDIS_URL: '' },
    stdio: 'ignore',
  });
  try {
    const url = `http://127.0.0.1:${port}`;
    await expect
      .poll(async () => (await fetch(`${url}/readyz`).catch(() => null))?.status ?? 0, { timeout: 120_000, interval: 200 })
      .toBe(200);
    return await use(url);
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

describe('the restore drill of docs/operations.md, start to finish', () => {
  it('backs up the running server, refuses a damaged copy, restores with the ledger, and the restored server serves', async () => {
    const teacher = await signedInTeacher(server.url, 'Drew Drill');
    const kept = (await teacher.post('/api/students', { firstName: 'Kept', lastInitial: 'K', grade: '3', status: 'active', accommodationIds: [] })).body.id as string;
    const erased = (await teacher.post('/api/students', { firstName: 'Gone', lastInitial: 'G', grade: '3', status: 'active', accommodationIds: [] })).body.id as string;
    const env = { DATA_DIR: server.dataDir, BACKUP_KEY };

    // 1. npm run backup -- --to DIR, while the server runs.
    const backups = path.join(scratch, 'backups');
    const backup = await npmRun('backup', ['--to', backups], env);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Backup .+\.backup \(\d+ bytes\), made /);
    const [file] = fs.readdirSync(backups).filter((name) => name.endsWith('.backup'));
    const backupFile = path.join(backups, file!);

    // A student erased after it: the ledger (DATA_DIR/erasure-ledger by default) must keep them erased.
    const current = await teacher.get(`/api/students/${erased}`);
    expect((await teacher.delete(`/api/students/${erased}`, { 'If-Match': `"${current.body.revision}"` })).status).toBe(204);

    // 2. A copy cut short on its way is refused, with its own message, and the target stays as it was (absent).
    const cut = path.join(scratch, 'cut.backup');
    fs.writeFileSync(cut, fs.readFileSync(backupFile).subarray(0, 1000));
    const target = path.join(scratch, 'restored');
    const refused = await npmRun('restore', ['--from', cut, '--to', target], env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/This backup is truncated/);
    expect(fs.existsSync(target)).toBe(false);
    expect((await npmRun('restore', ['--from', backupFile, '--to', target], { ...env, BACKUP_KEY: randomBytes(32).toString('hex') })).stderr).toMatch(
      /BACKUP_KEY does not open this backup/,
    );

    // 3. npm run restore -- --from FILE --to DATA_DIR: checked, the ledger re-applied, nothing started.
    const restored = await npmRun('restore', ['--from', backupFile, '--to', target], env);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/Restored into .+ 1 students and 0 accounts deleted again/);
    expect(restored.stdout).toMatch(/Nothing was started/);

    // 4. npm start on it: ready once the read models are built again, and serving what the backup held.
    await started(target, async (url) => {
      const client = new TestClient(url);
      expect((await client.post('/api/auth/login', { email: teacher.account.email, password: teacher.account.password })).status).toBe(200);
      const ids = ((await client.get('/api/students')).body as { id: string }[]).map((listed) => listed.id);
      expect(ids).toContain(kept);
      expect(ids).not.toContain(erased);
    });
  }, 300_000);
});
