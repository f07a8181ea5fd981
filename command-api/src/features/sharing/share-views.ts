import { isShareExpired, type Share } from '@accommodate/shared-events/schemas/share';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { isRecordAccess } from '@accommodate/shared-events/domain/access-log/access-log';
import type { ShareDoc } from '@accommodate/projections/queries/caseload-schema';
import type { PersonRef } from '@accommodate/shared-events/schemas/share';
import type { AppContext } from '../../framework/command-context.ts';

/** When each person last opened the student, from its record of access: a share is taken up once its grantee has. */
export type LastOpened = ReadonlyMap<string, string>;

export async function lastOpenedBy(context: Pick<AppContext, 'eventStore'>, studentId: string): Promise<LastOpened> {
  const opened = new Map<string, string>();
  for (const event of await context.eventStore.readStream(streamName('accessLog', studentId))) {
    if (isRecordAccess(event)) opened.set(event.data.userId, event.occurredAt);
  }
  return opened;
}

/**
 * The API shape; an active share whose date has passed shows as expired before the job has run. Until its grantee
 * has opened the student a share reads as pending and names nobody, as one to an address without an account does:
 * otherwise the answer would tell the sharer who has an account, and their name.
 */
export async function toShare(doc: ShareDoc, now: Date, lookup: (userId: string) => Promise<PersonRef>, opened: LastOpened): Promise<Share> {
  const openedAt = doc.granteeUserId === null ? undefined : opened.get(doc.granteeUserId);
  const takenUp = doc.granteeUserId !== null && openedAt !== undefined && openedAt >= doc.createdAt;
  const expired = doc.status === 'expired' || (doc.status === 'active' && isShareExpired(doc.expiresAt, now));
  return {
    id: doc.id,
    studentId: doc.studentId,
    email: doc.email,
    role: doc.role,
    status: expired ? 'expired' : takenUp ? doc.status : 'pending',
    expiresAt: doc.expiresAt,
    grantee: takenUp && doc.granteeUserId !== null ? await lookup(doc.granteeUserId) : null,
    grantedBy: await lookup(doc.grantedById),
    createdAt: doc.createdAt,
  };
}
