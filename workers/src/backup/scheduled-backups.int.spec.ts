import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRuntimeConfig } from '@accommodate/shared-events/config/runtime-config';
import type { Logger, LogFields } from '@accommodate/shared-events/logging/logger';
import { openEventStore } from '@accommodate/shared-events/event-store/open-event-store';
import { openReadStore } from '@accommodate/projections/store/open-read-store';
import type { OutgoingMail } from '../notifications/mailer.ts';
import { operationStatus } from '../operations/operation-status.ts';
import { startScheduledBackups } from './scheduled-backups.ts';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'scheduled-backups-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function recording() {
  const lines: { level: string; message: string; fields?: LogFields }[] = [];
  const at = (level: string) => (message: string, fields?: LogFields) => void lines.push({ level, message, ...(fields ? { fields } : {}) });
  const logger: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  const mails: OutgoingMail[] = [];
  return { lines, logger, mails, mailer: { send: async (mail: OutgoingMail) => (mails.push(mail), 'file' as const) } };
}

describe('scheduled backups', () => {
  it('keeps the newest BACKUP_KEEP, and tells the operator when one fails: a log line, the status the metrics read, an e-mail', async () => {
    const dataDir = path.join(scratch, 'data');
    const backupDir = path.join(scratch, 'backups');
    const eventStore = await openEventStore({ dataDir });
    const readStore = await openReadStore({ dataDir });
    const env = { DATA_DIR: dataDir, BACKUP_DIR: backupDir, BACKUP_KEY: randomBytes(32).toString('hex'), BACKUP_KEEP: '2', BACKUP_EVERY: '1h', OPERATOR_EMAIL: 'it-desk@district.test' };
    const { lines, logger, mails, mailer } = recording();
    try {
      const backups = await startScheduledBackups({ config: loadRuntimeConfig(env), readStore, mailer, logger, now: () => new Date() });
      for (let i = 0; i < 3; i++) expect(await backups.runNow()).toBe(true);
      await backups.stop();
      expect(fs.readdirSync(backupDir).filter((name) => name.endsWith('.backup'))).toHaveLength(2);
      expect((await operationStatus(readStore).get('backup'))?.lastSuccessAt).not.toBeNull();

      // The same schedule over a data folder whose files are gone: the copy fails.
      const broken = await startScheduledBackups({ config: loadRuntimeConfig({ ...env, DATA_DIR: path.join(scratch, 'gone') }), readStore, mailer, logger, now: () => new Date() });
      expect(await broken.runNow()).toBe(false);
      await broken.stop();
      const status = await operationStatus(readStore).get('backup');
      expect(Date.parse(status?.lastFailureAt ?? '')).toBeGreaterThan(Date.parse(status?.lastSuccessAt ?? ''));
      expect(lines.find((line) => line.message === 'backup failed')).toMatchObject({ level: 'error', fields: { error: expect.any(String) } });
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ to: 'it-desk@district.test', subject: 'Accommodate: a scheduled backup failed' });
      // The two good backups are still there.
      expect(fs.readdirSync(backupDir).filter((name) => name.endsWith('.backup'))).toHaveLength(2);
    } finally {
      await readStore.close();
      await eventStore.close();
    }
  });
});
