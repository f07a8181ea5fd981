import type { StudentEvent } from '@accommodate/shared-events/events/student-events';
import type { EnvelopeOf } from '@accommodate/shared-events/domain/event-types';
import { SHARES, type ShareDoc, type StudentDoc } from '../queries/caseload-schema.ts';
import type { ProjectionContext } from './projection.ts';
import { announce } from './caseload-changes.ts';
import { refreshAudience } from './caseload-audience.ts';

export type ShareEvent = Extract<StudentEvent, { type: 'StudentShared' | 'ShareActivated' | 'ShareRevoked' | 'ShareExpired' | 'StudentOwnershipTransferred' }>;

/** A share changed: the share itself, then the audience of the student and of its plans and documents. */
export async function applyShareEvent(event: EnvelopeOf<ShareEvent>, student: StudentDoc, context: ProjectionContext): Promise<void> {
  const { shareId, studentId } = event.data;
  const share = await context.get<ShareDoc>(SHARES, shareId);
  if (event.type === 'StudentShared') {
    const { role, expiresAt, grantedBy, granteeUserId, email } = event.data;
    context.put<ShareDoc>(SHARES, {
      id: shareId,
      studentId,
      email,
      role,
      status: granteeUserId === null ? 'pending' : 'active',
      expiresAt,
      granteeUserId,
      grantedById: grantedBy,
      createdAt: share?.createdAt ?? event.occurredAt,
      updatedAt: event.occurredAt,
      revision: event.revision,
    });
  } else if (share) {
    // A new owner's co-teacher share ends with the transfer, as a revoked one does.
    if (event.type === 'ShareRevoked' || event.type === 'StudentOwnershipTransferred') context.delete(SHARES, shareId);
    else if (event.type === 'ShareExpired') context.put<ShareDoc>(SHARES, { ...share, status: 'expired', revision: event.revision });
    else context.put<ShareDoc>(SHARES, { ...share, status: 'active', granteeUserId: event.data.granteeUserId, revision: event.revision });
  }

  // A transfer makes the co-teacher the owner; the audience follows from the new owner and the remaining shares.
  const ownerId = event.type === 'StudentOwnershipTransferred' ? event.data.toUserId : student.ownerId;
  const { everyone } = await refreshAudience({ ...student, ownerId }, context, event.revision);
  announce(context, event, { entity: 'share', id: shareId, studentId, revision: event.revision }, everyone);
  announce(context, event, { entity: 'student', id: studentId, studentId, revision: event.revision }, everyone);
}
