import { roleAllows } from '@accommodate/shared-events/domain/access/role-rules';
import {
  CLASSES,
  DOCUMENTS,
  PLANS,
  privateViewerIds,
  SHARES,
  STUDENTS,
  type Audience,
  type ClassDoc,
  type DocumentDoc,
  type PlanDoc,
  type ShareDoc,
  type StudentDoc,
  type StudentRoleEntry,
} from '../queries/caseload-schema.ts';
import type { ProjectionContext } from './projection.ts';

type StudentAudience = Audience & { roles: Record<string, StudentRoleEntry> };

/**
 * Who reaches a student, one entry per person: the teachers of the active classes it is enrolled in (issue 24), then
 * the grantees of its active shares over them, then its owner over all. Classes are taken in id order, so a rebuild
 * names the same class owner as the live build did.
 */
export function audienceOf(ownerId: string, shares: readonly ShareDoc[], classes: readonly ClassDoc[]): StudentAudience {
  const roles: Record<string, StudentRoleEntry> = {};
  for (const schoolClass of [...classes].sort((a, b) => a.id.localeCompare(b.id))) {
    if (schoolClass.status !== 'active') continue;
    for (const teacherId of schoolClass.teacherIds) {
      roles[teacherId] ??= { role: 'class-teacher', expiresAt: null, sharedById: schoolClass.ownerId };
    }
  }
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

/**
 * The student's audience after its shares or classes changed, carried to its plans and documents. `revision` is the
 * student stream's, for events of that stream; a class's event leaves it as it was. Returns the updated student and
 * its old and new viewers together: someone who just lost access must hear of it too, to refetch (and get 404).
 */
export async function refreshAudience(
  student: StudentDoc,
  context: ProjectionContext,
  revision = student.revision,
): Promise<{ next: StudentDoc; everyone: string[] }> {
  const studentId = student.id;
  const shares = await context.find<ShareDoc>(SHARES, { studentId });
  const classes = await context.find<ClassDoc>(CLASSES, { studentIds: studentId });
  const next: StudentDoc = { ...student, ...audienceOf(student.ownerId, shares, classes), revision };
  context.put<StudentDoc>(STUDENTS, next);
  for (const plan of await context.find<PlanDoc>(PLANS, { studentId })) context.put<PlanDoc>(PLANS, { ...plan, viewerIds: next.viewerIds });
  const documentViewers = privateViewerIds(next);
  for (const document of await context.find<DocumentDoc>(DOCUMENTS, { studentId })) {
    context.put<DocumentDoc>(DOCUMENTS, { ...document, viewerIds: documentViewers });
  }
  return { next, everyone: [...new Set([...student.viewerIds, ...next.viewerIds])] };
}
