import { parseArgs } from 'node:util';
import { loadRuntimeConfig } from '@accommodate/shared-events/config/runtime-config';
import { BackupKeyError, decodeBackupKey } from '@accommodate/workers/backup/backup-key';
import { BackupRefusedError } from '@accommodate/workers/backup/sealed-file';
import { describeBackup } from '@accommodate/workers/backup/describe-backup';
import { restoreBackup } from './restore.ts';

/**
 * `npm run restore -- --from FILE --to DATA_DIR [--ledger PATH | --no-ledger]`: see docs/operations.md, "Restore drill".
 * Exit code 2 and one clear sentence for a refusal (truncated, altered, wrong key, target not empty, no ledger).
 */
const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' }, ledger: { type: 'string' }, 'no-ledger': { type: 'boolean' } } });
if (!values.from || !values.to || (values.ledger && values['no-ledger'])) {
  console.error('Usage: npm run restore -- --from FILE --to DATA_DIR [--ledger PATH | --no-ledger]   (BACKUP_KEY from the environment)');
  process.exit(2);
}
const config = loadRuntimeConfig(process.env);
try {
  const outcome = await restoreBackup({
    from: values.from,
    to: values.to,
    key: decodeBackupKey(config.operations.backupKey),
    ledger: values['no-ledger'] ? null : (values.ledger ?? config.operations.erasureLedger),
  });
  const { reapplied } = outcome;
  console.log(describeBackup(values.from, null, outcome.manifest));
  console.log(
    `Restored into ${values.to}. Erasure ledger: ${reapplied.keys} keys destroyed again, ${reapplied.students} students and ${reapplied.accounts} accounts deleted again, ${reapplied.documents} documents removed${reapplied.readModelsRebuilt ? '; the read models are built again at the next start' : ''}.`,
  );
  if (outcome.unreadableLedgerLines > 0) console.warn(`Warning: ${outcome.unreadableLedgerLines} line(s) of the erasure ledger could not be read (a write cut short?).`);
  console.log(`Nothing was started. Start it with: DATA_DIR=${values.to} npm start`);
} catch (error) {
  if (error instanceof BackupRefusedError || error instanceof BackupKeyError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}
