import { chmod, copyFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { readErasureLedger } from '@accommodate/shared-events/storage/erasure-ledger';
import { PRIVATE_FILE_MODE } from '@accommodate/shared-events/storage/private-files';
import { BackupRefusedError } from '@accommodate/workers/backup/sealed-file';
import type { BackupManifest } from '@accommodate/workers/backup/backup-manifest';
import { assertEmptyTarget, placeRestored, unpackBackup } from '@accommodate/workers/backup/restore-backup';
import { reapplyErasures, type Reapplied } from './reapply-erasures.ts';

export interface RestoreRequest {
  from: string;
  to: string;
  key: Buffer;
  /** The erasure ledger to apply; null only when the operator said there is none (--no-ledger). */
  ledger: string | null;
}

export interface RestoreOutcome {
  manifest: BackupManifest;
  reapplied: Reapplied;
  /** Ledger lines that could not be read (a write cut short by a crash). */
  unreadableLedgerLines: number;
}

/** The ledger a restored deployment writes to by default (ERASURE_LEDGER unset): carried over so none is lost. */
const ledgerIn = (dataDir: string) => path.join(dataDir, 'erasure-ledger');

/**
 * `npm run restore`: checks the backup, re-applies every erasure in the ledger, and only then puts the data in the
 * (empty) target, with the ledger beside it. Starts nothing: `npm start` on the target catches the read models up, or
 * builds them when the erasures dropped them.
 */
export async function restoreBackup(request: RestoreRequest): Promise<RestoreOutcome> {
  const to = path.resolve(request.to);
  await assertEmptyTarget(to);
  const ledger = request.ledger === null ? { entries: [], unreadable: 0 } : await readErasureLedger(request.ledger);
  if (!ledger) {
    throw new BackupRefusedError(
      'no-ledger',
      `There is no erasure ledger at ${request.ledger}. Name it with --ledger PATH so that students erased since the backup stay erased, or, if no record was ever erased in this deployment, say so with --no-ledger. Nothing was restored.`,
    );
  }
  const { staging, manifest } = await unpackBackup(path.resolve(request.from), request.key, to);
  try {
    const reapplied = await reapplyErasures(staging, manifest, ledger.entries);
    if (request.ledger !== null && path.resolve(request.ledger) !== ledgerIn(to)) {
      await copyFile(request.ledger, ledgerIn(staging));
      await chmod(ledgerIn(staging), PRIVATE_FILE_MODE);
    }
    await placeRestored(staging, to);
    return { manifest, reapplied, unreadableLedgerLines: ledger.unreadable };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}
