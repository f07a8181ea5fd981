import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { RuntimeConfig } from '@accommodate/shared-events/config/runtime-config';
import type { Logger } from '@accommodate/shared-events/logging/logger';
import type { ReadStore } from '@accommodate/projections/store/read-store';
import type { Mailer } from '../notifications/mailer.ts';
import { operationStatus } from '../operations/operation-status.ts';
import { decodeBackupKey } from './backup-key.ts';
import { backupPartsFor } from './backup-parts.ts';
import { BACKUP_SUFFIX, makeBackup } from './make-backup.ts';

export interface ScheduledBackupDependencies {
  config: Pick<RuntimeConfig, 'dataDir' | 'eventStoreUrl' | 'mongodbUrl' | 'operations'>;
  readStore: Pick<ReadStore, 'state'>;
  mailer: Pick<Mailer, 'send'>;
  logger: Logger;
  now: () => Date;
}

const BACKUP_FILE = /^accommodate-.*\.backup$/;

/** The backups in the folder, newest first (their names sort by time). */
async function backupsIn(directory: string): Promise<string[]> {
  const names = await readdir(directory).catch(() => []);
  return names.filter((name) => BACKUP_FILE.test(name)).sort().reverse();
}

/** Keeps the newest `keep`; removes what a run cut short left (its staging folder, its partial file). */
async function prune(directory: string, keep: number): Promise<number> {
  const old = (await backupsIn(directory)).slice(keep);
  for (const name of old) await rm(path.join(directory, name), { force: true });
  return old.length;
}

async function removeLeftovers(directory: string): Promise<void> {
  for (const name of await readdir(directory).catch(() => [])) {
    if (name.startsWith('.staging-') || (name.startsWith('.accommodate-') && name.endsWith(`${BACKUP_SUFFIX}.partial`))) {
      await rm(path.join(directory, name), { recursive: true, force: true });
    }
  }
}

/**
 * With BACKUP_DIR set: a backup every BACKUP_EVERY, the newest BACKUP_KEEP kept. The first is due one interval after
 * the newest in the folder (at once when there is none, or it is older), so restarts do not stretch the gap.
 * A failure is logged (its error's name and code only), shown in GET /metrics (operation_failing), and mailed to
 * OPERATOR_EMAIL when set; the next run comes at the usual time.
 */
export async function startScheduledBackups(deps: ScheduledBackupDependencies): Promise<{ runNow(): Promise<boolean>; stop(): Promise<void> }> {
  const { operations } = deps.config;
  const directory = operations.backupDir;
  if (!directory || !operations.backupKey) return { runNow: async () => false, stop: async () => {} };
  const key = decodeBackupKey(operations.backupKey);
  // Refused at start, not at each run: EventStoreDB and MongoDB are backed up with their own tools.
  const parts = backupPartsFor(deps.config);
  await removeLeftovers(directory);
  const status = operationStatus(deps.readStore);

  let running: Promise<boolean> | null = null;
  const run = async (): Promise<boolean> => {
    try {
      const made = await makeBackup({ parts, key, directory, now: deps.now });
      const removed = await prune(directory, operations.backupKeep);
      await status.record('backup', 'success', deps.now());
      deps.logger.info('backup made', { bytes: made.bytes, position: made.manifest.position, removedOld: removed });
      return true;
    } catch (error) {
      // Its name and code only: a message can name a path or echo what failed.
      const name = error instanceof Error ? error.name : typeof error;
      const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
      deps.logger.error('backup failed', { error: name, code: code ?? null });
      await status.record('backup', 'failure', deps.now()).catch(() => undefined);
      if (operations.operatorEmail) {
        await deps.mailer
          .send({
            to: operations.operatorEmail,
            subject: 'Accommodate: a scheduled backup failed',
            text: `The backup due at ${deps.now().toISOString()} failed (${name}${code ? `, ${code}` : ''}). The last good backup is still in ${directory}. See "Backups" in docs/operations.md; the server's log has the same line.`,
            reference: `backup-failed-${deps.now().getTime()}`,
          })
          .catch((mailError: unknown) => deps.logger.error('backup failure not mailed', { error: mailError instanceof Error ? mailError.name : 'unknown' }));
      }
      return false;
    }
  };
  const runNow = (): Promise<boolean> => (running ??= run().finally(() => (running = null)));

  const newest = (await backupsIn(directory))[0];
  const newestAt = newest ? (await stat(path.join(directory, newest))).mtimeMs : 0;
  let stopped = false;
  let timer: NodeJS.Timeout = setTimeout(function tick() {
    void runNow().finally(() => {
      if (stopped) return;
      timer = setTimeout(tick, operations.backupEveryMs);
      timer.unref();
    });
  }, Math.max(0, newestAt + operations.backupEveryMs - deps.now().getTime()));
  timer.unref();

  return {
    runNow,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
