import type { BackupPart } from '@accommodate/shared-events/backup/backup-part';
import { embeddedDocumentsPart, embeddedKeysPart, embeddedLogPart } from '@accommodate/shared-events/backup/embedded-parts';
import type { RuntimeConfig } from '@accommodate/shared-events/config/runtime-config';
import { embeddedReadModelsPart } from '@accommodate/projections/store/read-models-backup';

export class BackupUnsupportedError extends Error {
  override readonly name = 'BackupUnsupportedError';
}

/**
 * The stores of this deployment, in the order a backup copies them (make-backup.ts). EventStoreDB and MongoDB are
 * backed up with their own tools (docs/operations.md); PostgreSQL gets its adapters here.
 */
export function backupPartsFor(config: Pick<RuntimeConfig, 'dataDir' | 'eventStoreUrl' | 'mongodbUrl'>): BackupPart[] {
  if (config.eventStoreUrl || config.mongodbUrl) {
    throw new BackupUnsupportedError(
      'This deployment keeps its data in EventStoreDB and MongoDB: back them up with their own tools (see "Backups" in docs/operations.md).',
    );
  }
  const { dataDir } = config;
  return [embeddedReadModelsPart(dataDir), embeddedLogPart(dataDir), embeddedKeysPart(dataDir), embeddedDocumentsPart(dataDir)];
}
