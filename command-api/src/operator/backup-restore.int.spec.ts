import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRuntimeConfig } from '@accommodate/shared-events/config/runtime-config';
import { digestEmbeddedLog } from '@accommodate/shared-events/backup/embedded-parts';
import { backupPartsFor } from '@accommodate/workers/backup/backup-parts';
import { makeBackup, type MadeBackup } from '@accommodate/workers/backup/make-backup';
import { BackupRefusedError } from '@accommodate/workers/backup/sealed-file';
import { startServer } from '../server.ts';
import { signedInTeacher, TestClient, testServerForFile } from '../testing/test-server.ts';
import { restoreBackup } from './restore.ts';
import { filesContaining } from '../testing/stored-bytes.ts';

const server = testServerForFile();
const key = randomBytes(32);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'accommodate-backup-spec-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const folder = (name: string) => path.join(scratch, `${name}-${randomBytes(4).toString('hex')}`);
const backupNow = (): Promise<MadeBackup> => makeBackup({ parts: backupPartsFor(server.context.config), key, directory: folder('backups') });

/** A letters-only token no other data can contain by chance. */
const uniqueName = (prefix: string) => prefix + [...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('');


/** The restored folder, served by the real one-process server for the duration of `use`. */
async function serving<T>(dataDir: string, use: (url: string) => Promise<T>): Promise<T> {
  const restored = await startServer(loadRuntimeConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', UI_DIST: '/nonexistent' }), { runProjections: true });
  try {
    return await use(restored.url);
  } finally {
    await restored.close();
  }
}

async function signedInAgain(url: string, account: { email: string; password: string }): Promise<TestClient> {
  const client = new TestClient(url);
  expect((await client.post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(200);
  return client;
}

const student = (firstName: string) => ({ firstName, lastInitial: 'B', grade: '5', status: 'active', accommodationIds: [] });

describe('backup and restore (embedded mode)', () => {
  it('backs up under 16 concurrent writers; the restore holds every write up to the backup’s position, and the app serves them', async () => {
    const teacher = await signedInTeacher(server.url, 'Bea Backup');
    // More students than a free account may keep.
    expect((await teacher.post('/api/upgrade-to-premium')).status).toBe(200);
    const acknowledged: string[] = [];
    let writing = true;
    const writer = async () => {
      while (writing) {
        const created = await teacher.post('/api/students', student(uniqueName('Writer')));
        expect(created.status).toBe(201);
        acknowledged.push(created.body.id as string);
      }
    };
    const writers = Array.from({ length: 16 }, writer);
    await expect.poll(() => acknowledged.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(48);
    const acknowledgedBeforeBackup = [...acknowledged];
    const made = await backupNow();
    writing = false;
    await Promise.all(writers);

    // What the live log holds up to the backup's position: exactly what the restore must serve.
    const position = BigInt(made.manifest.position ?? '0');
    const expected = new Set<string>();
    for await (const event of server.context.eventStore.readAll()) {
      if (event.position <= position && event.type === 'StudentAdded') expected.add((event.data as { studentId: string }).studentId);
    }
    for (const id of acknowledgedBeforeBackup) expect(expected.has(id)).toBe(true);
    expect(made.manifest.parts.map((part) => part.name)).toEqual(['read-models', 'log', 'keys', 'documents']);

    const target = folder('restored');
    await restoreBackup({ from: made.file, to: target, key, ledger: null });
    expect((await digestEmbeddedLog(path.join(target, 'events.sqlite'))).hash).toBe(made.manifest.parts.find((part) => part.name === 'log')?.hash);

    const served = await serving(target, async (url) => {
      const client = await signedInAgain(url, teacher.account);
      return ((await client.get('/api/students')).body as { id: string }[]).map((listed) => listed.id);
    });
    expect(new Set(served)).toEqual(expected);
  }, 120_000);

  it('a student erased after the backup stays erased when that backup is restored: in the API and in the raw bytes', async () => {
    const teacher = await signedInTeacher(server.url, 'Eve Eraser');
    const name = uniqueName('Ledgered');
    const created = await teacher.post('/api/students', student(name));
    const id = created.body.id as string;
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(`%PDF-1.4\n% notes on ${name}\n%%EOF\n`, 'latin1')], { type: 'application/pdf' }), 'evaluation.pdf');
    expect((await teacher.request('POST', `/api/students/${id}/documents`, { rawBody: form })).status).toBe(201);
    const made = await backupNow();

    const current = await teacher.get(`/api/students/${id}`);
    expect((await teacher.delete(`/api/students/${id}`, { 'If-Match': `"${current.body.revision}"` })).status).toBe(204);
    const ledger = server.context.config.operations.erasureLedger;
    expect(fs.readFileSync(ledger, 'utf8')).toContain(id);
    expect(fs.readFileSync(ledger, 'utf8')).not.toContain(name);

    // Without the ledger, the old backup brings the student back: what the ledger is for.
    const unledgered = folder('without-ledger');
    await restoreBackup({ from: made.file, to: unledgered, key, ledger: null });
    expect(filesContaining(unledgered, name).length).toBeGreaterThan(0);

    const target = folder('restored');
    const outcome = await restoreBackup({ from: made.file, to: target, key, ledger });
    expect(outcome.reapplied).toMatchObject({ keys: 1, students: 1, documents: 1, readModelsRebuilt: true });
    expect(filesContaining(target, name)).toEqual([]);
    expect(fs.existsSync(path.join(target, 'erasure-ledger'))).toBe(true);

    await serving(target, async (url) => {
      const client = await signedInAgain(url, teacher.account);
      expect((await client.get(`/api/students/${id}`)).status).toBe(404);
      expect(((await client.get('/api/students')).body as { id: string }[]).map((listed) => listed.id)).not.toContain(id);
    });
    expect(filesContaining(target, name)).toEqual([]);
  }, 120_000);

  describe('refuses a backup it cannot trust, each with its own reason, and leaves the target untouched', () => {
    let made: MadeBackup;
    const damaged = (name: string, change: (bytes: Buffer) => Buffer): string => {
      const file = path.join(scratch, name);
      fs.writeFileSync(file, change(fs.readFileSync(made.file)));
      return file;
    };
    const refusal = async (from: string, withKey = key) => {
      const target = folder('target');
      fs.mkdirSync(target);
      const before = fs.readdirSync(scratch).length;
      const error = await restoreBackup({ from, to: target, key: withKey, ledger: null }).then(
        () => null,
        (refused: unknown) => refused,
      );
      expect(fs.readdirSync(target)).toEqual([]);
      // No folder of the attempt is left beside it either.
      expect(fs.readdirSync(scratch).length).toBe(before);
      expect(error).toBeInstanceOf(BackupRefusedError);
      return error as BackupRefusedError;
    };

    it('a truncated file', async () => {
      made = await backupNow();
      const refused = await refusal(damaged('truncated.backup', (bytes) => bytes.subarray(0, Math.floor(bytes.length / 2))));
      expect(refused.reason).toBe('truncated');
      expect(refused.message).toMatch(/^This backup is truncated/);
    });

    it('a flipped byte', async () => {
      const refused = await refusal(
        damaged('flipped.backup', (bytes) => {
          const copy = Buffer.from(bytes);
          copy[Math.floor(copy.length / 2)]! ^= 0x01;
          return copy;
        }),
      );
      expect(refused.reason).toBe('altered');
      expect(refused.message).toMatch(/^This backup has been altered or damaged: part \d+ of \d+ fails its integrity check/);
    });

    it('a wrong key', async () => {
      const refused = await refusal(made.file, randomBytes(32));
      expect(refused.reason).toBe('wrong-key');
      expect(refused.message).toMatch(/^BACKUP_KEY does not open this backup: it was made with the key whose id is [0-9a-f]{12}/);
    });

    it('a target that is not empty', async () => {
      const target = folder('occupied');
      fs.mkdirSync(target);
      fs.writeFileSync(path.join(target, 'events.sqlite'), 'someone else’s data');
      await expect(restoreBackup({ from: made.file, to: target, key, ledger: null })).rejects.toMatchObject({ reason: 'target-not-empty' });
      expect(fs.readFileSync(path.join(target, 'events.sqlite'), 'utf8')).toBe('someone else’s data');
    });
  });
});
