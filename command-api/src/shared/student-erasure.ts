import { rm } from 'node:fs/promises';
import path from 'node:path';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { notificationQueries } from '@accommodate/projections/queries/notification-queries';
import type { AppContext } from '../framework/command-context.ts';
import { uploadsInFlight } from './uploads-in-flight.ts';
import { studentStreamQueries } from '@accommodate/projections/queries/student-streams-queries';
import { outboxFile } from '@accommodate/workers/notifications/mailer';
import { forgetRecorded } from './recorded-erasure.ts';

/** What must be gathered before the StudentDeleted event makes the read models forget it. */
export interface StudentErasurePlan {
  studentId: string;
  documentIds: string[];
  notificationIds: string[];
}

export async function planStudentErasure(context: Pick<AppContext, 'readStore'>, studentId: string): Promise<StudentErasurePlan> {
  const documents = await caseloadQueries(context.readStore).documentsOfStudent(studentId);
  // Every document the student ever had (removed ones too), not only those listed now.
  const everHad = (await studentStreamQueries(context.readStore).streamsOfStudent(studentId))?.documentIds ?? [];
  const notifications = await notificationQueries(context.readStore).notificationsAbout(studentId);
  const documentIds = [...new Set([...documents.map((d) => d.id), ...everHad])];
  return { studentId, documentIds, notificationIds: notifications.map((n) => n.id) };
}

export interface ErasureOptions {
  /**
   * false: the caller scrubs the read models itself once a batch of students is erased (a district's erasure: one
   * WAL checkpoint, or one rewrite of PostgreSQL's tables, per student made it several times slower).
   */
  scrub?: boolean;
}

/**
 * After StudentDeleted is appended (and projected): makes the student's personal data
 * unrecoverable everywhere the product keeps it.
 * - event store: the student's key is destroyed, so every personal field of every event
 *   about them (details, notes, document names, notifications, access-log IP and browser)
 *   now reads '[erased]', in SQLite and EventStoreDB alike;
 * - documents: the bytes are deleted;
 * - e-mail outbox: the .eml files of notifications about the student are deleted;
 * - embedded read models: rows were deleted with secure_delete on; the WAL files are
 *   checkpointed and truncated so no older page copy survives in them; PostgreSQL's tables written since the last
 *   erasure are rewritten, so no old row version survives in their files.
 * What stays: StudentDeleted itself ("deleted by X at T"), with no personal data.
 */
export async function eraseStudent(context: AppContext, plan: StudentErasurePlan, options: ErasureOptions = {}): Promise<void> {
  // The bytes of every document the student had, whatever its state: listed, removed, or uploaded but not yet in the
  // log (in flight); `delete` takes an unfinished write of the id with it.
  const documentIds = new Set([...plan.documentIds, ...uploadsInFlight.of(plan.studentId)]);
  await forgetRecorded(context, { kind: 'student', subjectId: plan.studentId, documentIds: [...documentIds] });
  for (const documentId of documentIds) {
    try {
      await context.blobs.delete(documentId);
    } catch (error) {
      context.logger.warn('document bytes not deleted', { error: error instanceof Error ? error.name : 'unknown' });
    }
  }
  await deleteOutboxMail(context, plan.notificationIds);
  if (options.scrub !== false) await context.readStore.scrubDeleted?.();
}

/** Deletes the outbox .eml files of these notifications (embedded mail only; SMTP mail has left us). */
export async function deleteOutboxMail(context: Pick<AppContext, 'config'>, notificationIds: readonly string[]): Promise<void> {
  const outbox = path.join(context.config.dataDir, 'outbox');
  for (const notificationId of notificationIds) {
    await rm(outboxFile(outbox, notificationId), { force: true });
  }
}
