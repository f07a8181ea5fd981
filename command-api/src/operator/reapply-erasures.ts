import { randomUUID } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { SYSTEM_ACTOR } from '@accommodate/shared-events/events/envelope';
import type { DomainEvent } from '@accommodate/shared-events/events/registry';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { openEventStore } from '@accommodate/shared-events/event-store/open-event-store';
import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import type { ErasureEntry } from '@accommodate/shared-events/storage/erasure-ledger';
import { tombstoneRestoredKeys } from '@accommodate/shared-events/backup/restored-keys';
import { openReadStore } from '@accommodate/projections/store/open-read-store';
import { dropProjectionBuilds } from '@accommodate/projections/store/read-models-backup';
import type { BackupManifest } from '@accommodate/workers/backup/backup-manifest';
import { credentials } from '../auth/credentials.ts';

export interface Reapplied {
  /** Keys that the backup still held and that are now destroyed. */
  keys: number;
  /** StudentDeleted / UserAccountDeleted appended, for erasures the backup's log did not have yet. */
  students: number;
  accounts: number;
  /** Document files of erased students that the backup held. */
  documents: number;
  /** Whether the read models were dropped, to be built again from the log at the next start. */
  readModelsRebuilt: boolean;
}

/**
 * An erasure made while the backup was being copied may have left the read models' copy with the rows it removed
 * (they are copied first): entries from this long before the copy began are treated as made during it.
 */
const DURING_BACKUP_MARGIN_MS = 10 * 60 * 1000;

/** Appends the event unless the stream already has one of its type, or does not exist at all. */
async function appendUnlessRecorded(store: EventStore, stream: string, event: DomainEvent): Promise<boolean> {
  const events = await store.readStream(stream);
  if (events.length === 0 || events.some((recorded) => recorded.type === event.type)) return false;
  await store.append(stream, [event], { expectedRevision: 'any', actor: SYSTEM_ACTOR, correlationId: `restore-${randomUUID()}`, causationId: null });
  return true;
}

/**
 * Makes every erasure in the ledger again in a restored data folder (no process has it open): the keys destroyed,
 * the student's deletion and the account's in the log if the backup predates them, the documents' bytes and the
 * account's password gone, and the read models dropped when they may hold what was erased, so that the next start
 * builds them from the log, in which the erased read '[erased]'.
 */
export async function reapplyErasures(dataDir: string, manifest: BackupManifest, entries: readonly ErasureEntry[]): Promise<Reapplied> {
  const reapplied: Reapplied = { keys: 0, students: 0, accounts: 0, documents: 0, readModelsRebuilt: false };
  if (entries.length === 0) return reapplied;
  reapplied.keys = tombstoneRestoredKeys(dataDir, entries);

  const eventStore = await openEventStore({ dataDir });
  try {
    for (const entry of entries) {
      if (entry.kind === 'student') {
        const deleted: DomainEvent = { type: 'StudentDeleted', data: { studentId: entry.subjectId } };
        if (await appendUnlessRecorded(eventStore, streamName('student', entry.subjectId), deleted)) reapplied.students += 1;
        for (const documentId of entry.documentIds) {
          const file = path.join(dataDir, 'documents', `${documentId}.bin`);
          if (!(await stat(file).then(() => true, () => false))) continue;
          await rm(file);
          reapplied.documents += 1;
        }
      } else if (entry.kind === 'account') {
        const deleted: DomainEvent = { type: 'UserAccountDeleted', data: { userId: entry.subjectId } };
        if (await appendUnlessRecorded(eventStore, streamName('user', entry.subjectId), deleted)) reapplied.accounts += 1;
      }
    }
  } finally {
    await eventStore.close();
  }

  const accounts = entries.filter((entry) => entry.kind === 'account').map((entry) => entry.subjectId);
  if (accounts.length > 0) {
    const readStore = await openReadStore({ dataDir });
    try {
      const passwords = credentials(readStore);
      for (const userId of accounts) for (const credential of await passwords.find({ userId })) await passwords.delete(credential.id);
    } finally {
      await readStore.close();
    }
  }

  const readModelsTakenAt = Date.parse(manifest.parts.find((part) => part.name === 'read-models')?.takenAt ?? manifest.startedAt);
  const changed = reapplied.keys + reapplied.students + reapplied.accounts + reapplied.documents > 0;
  const duringBackup = entries.some((entry) => Date.parse(entry.erasedAt) >= readModelsTakenAt - DURING_BACKUP_MARGIN_MS);
  if (changed || duringBackup) {
    dropProjectionBuilds(dataDir);
    reapplied.readModelsRebuilt = true;
  }
  return reapplied;
}
