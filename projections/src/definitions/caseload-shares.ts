import type { StudentEvent } from '@accommodate/shared-events/events/student-events';
import type { EnvelopeOf } from '@accommodate/shared-events/domain/event-types';
import { roleAllows } from '@accommodate/shared-events/domain/access/role-rules';
import {
  DOCUMENTS,
  PLANS,
  privateViewerIds,
  SHARES,
  STUDENTS,
  type Audience,
  type DocumentDoc,
  type PlanDoc,
  type ShareDoc,
  type StudentDoc,
  type StudentRoleEntry,
} from '../queries/caseload-schema.ts';
import type { ProjectionContext } from './projection.ts';
import { announce } from './caseload-changes.ts';

export type ShareEvent = Extract<StudentEvent, { type: 'StudentShared' | 'ShareActivated' | 'ShareRevoked' | 'ShareExpired' }>;

/** Viewers and editors from the owner and the student's active shares; roles say how each reaches it. */
function audienceOf(ownerId: string, shares: readonly ShareDoc[]): Audience & { roles: Record<string, StudentRoleEntry> } {
  const roles: Record<string, StudentRoleEntry> = {};
  for (const share of shares) {
    if (share.status !== 'active' || share.granteeUserId === null || share.granteeUserId === ownerId) continue;
    roles[share.granteeUserId] = { role: share.role, expiresAt: share.expiresAt, sharedById: share.grantedById };
  }
  roles[ownerId] = { role: 'owner', expiresAt: null, sharedById: null };
  const viewerIds = [ownerId, ...Object.keys(roles).filter((userId) => userId !== ownerId)];
  const editorIds = viewerIds.filter((userId) => {
    const entry = roles[userId];
    return entry !== undefined && roleAllows(entry.role, 'edit');
  });
  return { viewerIds, editorIds, roles };
}

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
    if (event.type === 'ShareRevoked') context.delete(SHARES, shareId);
    else if (event.type === 'ShareExpired') context.put<ShareDoc>(SHARES, { ...share, status: 'expired', revision: event.revision });
    else context.put<ShareDoc>(SHARES, { ...share, status: 'active', granteeUserId: event.data.granteeUserId, revision: event.revision });
  }

  const audience = audienceOf(student.ownerId, await context.find<ShareDoc>(SHARES, { studentId }));
  const next: StudentDoc = { ...student, ...audience, revision: event.revision };
  context.put<StudentDoc>(STUDENTS, next);
  for (const plan of await context.find<PlanDoc>(PLANS, { studentId })) context.put<PlanDoc>(PLANS, { ...plan, viewerIds: next.viewerIds });
  const documentViewers = privateViewerIds(next);
  for (const document of await context.find<DocumentDoc>(DOCUMENTS, { studentId })) {
    context.put<DocumentDoc>(DOCUMENTS, { ...document, viewerIds: documentViewers });
  }
  // Old and new viewers alike: someone who just lost access must hear of it to refetch (and get 404).
  const everyone = [...new Set([...student.viewerIds, ...next.viewerIds])];
  announce(context, event, { entity: 'share', id: shareId, studentId, revision: event.revision }, everyone);
  announce(context, event, { entity: 'student', id: studentId, studentId, revision: event.revision }, everyone);
}
