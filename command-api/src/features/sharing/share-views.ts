import { isShareExpired, type Share } from '@accommodate/shared-events/schemas/share';
import type { ShareDoc } from '@accommodate/projections/queries/caseload-schema';
import type { PersonRef } from '@accommodate/shared-events/schemas/share';

/** The API shape; an active share whose date has passed shows as expired before the job has run. */
export async function toShare(doc: ShareDoc, now: Date, lookup: (userId: string) => Promise<PersonRef>): Promise<Share> {
  const expired = doc.status === 'expired' || (doc.status === 'active' && isShareExpired(doc.expiresAt, now));
  return {
    id: doc.id,
    studentId: doc.studentId,
    email: doc.email,
    role: doc.role,
    status: expired ? 'expired' : doc.status,
    expiresAt: doc.expiresAt,
    grantee: doc.granteeUserId === null ? null : await lookup(doc.granteeUserId),
    grantedBy: await lookup(doc.grantedById),
    createdAt: doc.createdAt,
  };
}
