import { parseArgs } from 'node:util';
import { loadRuntimeConfig } from '@accommodate/shared-events/config/runtime-config';
import { openReadStore } from '@accommodate/projections/store/open-read-store';
import { decodeBackupKey } from '@accommodate/workers/backup/backup-key';
import { backupPartsFor } from '@accommodate/workers/backup/backup-parts';
import { makeBackup } from '@accommodate/workers/backup/make-backup';
import { operationStatus } from '@accommodate/workers/operations/operation-status';
import { describeBackup } from '@accommodate/workers/backup/describe-backup';

/**
 * `npm run backup -- --to DIR`: one encrypted backup file of DATA_DIR, made while the server runs and takes writes.
 * Prints counts, positions and hashes only.
 */
const { values } = parseArgs({ options: { to: { type: 'string' } } });
if (!values.to) {
  console.error('Usage: npm run backup -- --to DIR   (BACKUP_KEY and DATA_DIR from the environment; see docs/operations.md)');
  process.exit(2);
}
const config = loadRuntimeConfig(process.env);
let key: Buffer;
let parts;
try {
  key = decodeBackupKey(config.operations.backupKey);
  parts = backupPartsFor(config);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}
const made = await makeBackup({ parts, key, directory: values.to });
console.log(describeBackup(made.file, made.bytes, made.manifest));
// The age of the last good backup (GET /metrics) counts this one too.
const readStore = await openReadStore({ mongodbUrl: config.mongodbUrl, dataDir: config.dataDir });
try {
  await operationStatus(readStore).record('backup', 'success', new Date(made.manifest.createdAt));
} finally {
  await readStore.close();
}
