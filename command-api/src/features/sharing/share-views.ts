import { isShareExpired, type Share } from '@accommodate/shared-events/schemas/share';
import type { ShareDoc } from '@accommodate/projections/queries/caseload-schema';
import type { PersonRef } from '@accommodate/shared-events/schemas/share';
import { isShareTakenUp, type LastOpened } from '../../shared/share-take-up.ts';

/**
 * The API shape; an active share whose date has passed shows as expired before the job has run. Until its grantee
 * has opened the student a share reads as pending and names nobody, as one to an address without an account does:
 * otherwise the answer would tell the sharer who has an account, and their name.
 */
export async function toShare(doc: ShareDoc, now: Date, lookup: (userId: string) => Promise<PersonRef>, opened: LastOpened): Promise<Share> {
  const takenUp = isShareTakenUp(doc, opened);
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
