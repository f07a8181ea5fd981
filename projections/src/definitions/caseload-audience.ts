import { roleAllows } from '@accommodate/shared-events/domain/access/role-rules';
import { leaderIdOf } from '@accommodate/shared-events/domain/class/class';
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
import type { SchoolAccessRole } from '@accommodate/shared-events/schemas/share';
import { DISTRICTS, SCHOOLS, type DistrictDoc, type SchoolDoc } from '../queries/organisation-schema.ts';
import type { EventEnvelope } from '@accommodate/shared-events/events/envelope';
import type { ProjectionContext } from './projection.ts';
import { announce } from './caseload-changes.ts';

type StudentAudience = Audience & { roles: Record<string, StudentRoleEntry> };

/** Who reaches a student through its school, by user id. */
export type SchoolAudience = Readonly<Record<string, SchoolAccessRole>>;

/**
 * Who reaches a student, one entry per person: the teachers of the active classes it is enrolled in, then
 * the grantees of its active shares over them, then its case manager, then its school's coordinators and
 * administrators and its district's admins, whose rights include all of those but deleting, then its owner
 * over all (a school's student has none). Classes are taken in id order, so a rebuild names the same class owner as
 * the live build did; a school's class gives its students as shared by its lead teacher, or by nobody yet.
 */
export function audienceOf(ownerId: string | null, shares: readonly ShareDoc[], classes: readonly ClassDoc[], school: SchoolAudience = {}): StudentAudience {
  const roles: Record<string, StudentRoleEntry> = {};
  for (const schoolClass of [...classes].sort((a, b) => a.id.localeCompare(b.id))) {
    if (schoolClass.status !== 'active') continue;
    for (const teacherId of schoolClass.teacherIds) {
      const sharedById = leaderIdOf(schoolClass);
      roles[teacherId] ??= { role: 'class-teacher', expiresAt: null, sharedById: sharedById === teacherId ? null : sharedById };
    }
  }
  for (const share of shares) {
    if (share.status !== 'active' || share.granteeUserId === null || share.granteeUserId === ownerId) continue;
    roles[share.granteeUserId] = { role: share.role, expiresAt: share.expiresAt, sharedById: share.grantedById };
  }
  for (const [userId, role] of Object.entries(school)) {
    roles[userId] = { role, expiresAt: null, sharedById: null };
  }
  if (ownerId !== null) roles[ownerId] = { role: 'owner', expiresAt: null, sharedById: null };
  const viewerIds = ownerId === null ? Object.keys(roles) : [ownerId, ...Object.keys(roles).filter((userId) => userId !== ownerId)];
  const editorIds = viewerIds.filter((userId) => {
    const entry = roles[userId];
    return entry !== undefined && roleAllows(entry.role, 'edit');
  });
  return { viewerIds, editorIds, roles };
}

/**
 * The student's audience after its shares or classes changed, carried to its plans and documents. `revision` is the
 * student stream's, for events of that stream; a class's event leaves it as it was. Returns the updated student and
 * its old and new viewers together (someone who just lost access must hear of it too, to refetch and get 404), and
 * whether its audience changed.
 */
export async function refreshAudience(
  student: StudentDoc,
  context: ProjectionContext,
  revision = student.revision,
): Promise<{ next: StudentDoc; everyone: string[]; changed: boolean }> {
  const studentId = student.id;
  const shares = await context.find<ShareDoc>(SHARES, { studentId });
  const classes = await context.find<ClassDoc>(CLASSES, { studentIds: studentId });
  const school = await schoolAudienceOf(student, context);
  const next: StudentDoc = { ...student, ...audienceOf(student.ownerId, shares, classes, school), revision };
  context.put<StudentDoc>(STUDENTS, next);
  // Plans and documents carry the student's viewers: as they were, they still do. (An import's enrolments mostly
  // change no one's access: its classes' teachers have not signed in yet, and their owner is the district's admin.)
  if (sameAudience(next, student)) return { next, everyone: next.viewerIds, changed: false };
  for (const plan of await context.find<PlanDoc>(PLANS, { studentId })) context.put<PlanDoc>(PLANS, { ...plan, viewerIds: next.viewerIds });
  const documentViewers = privateViewerIds(next);
  for (const document of await context.find<DocumentDoc>(DOCUMENTS, { studentId })) {
    context.put<DocumentDoc>(DOCUMENTS, { ...document, viewerIds: documentViewers });
  }
  return { next, everyone: [...new Set([...student.viewerIds, ...next.viewerIds])], changed: true };
}

/**
 * The student's audience recomputed once for the batch, after its events: an import's batch enrols a student in
 * several classes, and a staffing change refreshes a whole school, so doing it per event multiplied the work. Those who saw the student before the batch or see it after hear of it; with `onlyIfChanged` (a
 * staffing change that may leave a student's audience as it was), only if the audience changed.
 */
export function refreshAudienceOnce(studentId: string, event: EventEnvelope, context: ProjectionContext, options: { onlyIfChanged?: boolean } = {}): Promise<void> {
  // The first event of the batch registers the work; a later one that wants the announcement regardless says so here.
  let always = announceAlways.get(context);
  if (!always) announceAlways.set(context, (always = new Set()));
  if (!options.onlyIfChanged) always.add(studentId);
  return context.settle(`audience:${studentId}`, async () => {
    const announceRegardless = always.delete(studentId);
    const student = await context.get<StudentDoc>(STUDENTS, studentId);
    if (!student) return;
    const { everyone, changed } = await refreshAudience(student, context);
    if (!announceRegardless && !changed) return;
    announce(context, event, { entity: 'student', id: studentId, studentId, revision: student.revision }, everyone);
  });
}

/** Per batch (its context), the students whose refresh is announced even if their audience stays as it was. */
const announceAlways = new WeakMap<ProjectionContext, Set<string>>();

const sameAudience = (a: StudentDoc, b: StudentDoc): boolean =>
  a.viewerIds.join(',') === b.viewerIds.join(',') && JSON.stringify(a.roles) === JSON.stringify(b.roles);

/**
 * The school's side of a student's audience: its case manager, then (over them) the school's coordinators and
 * administrators and the district's admins. Nothing for a student without a school.
 */
export async function schoolAudienceOf(
  student: Pick<StudentDoc, 'schoolId' | 'caseManagerId'>,
  context: Pick<ProjectionContext, 'get'>,
): Promise<SchoolAudience> {
  if (!student.schoolId) return {};
  const school = await context.get<SchoolDoc>(SCHOOLS, student.schoolId);
  if (!school) return {};
  const audience: Record<string, SchoolAccessRole> = {};
  // A case manager who left the school's staff manages no more.
  if (student.caseManagerId && school.staffUserIds.includes(student.caseManagerId)) audience[student.caseManagerId] = 'case-manager';
  Object.assign(audience, schoolRolesOf(school));
  for (const adminId of (await context.get<DistrictDoc>(DISTRICTS, school.districtId))?.adminIds ?? []) audience[adminId] = 'district-admin';
  return audience;
}

/**
 * Per school document read (a batch hands out the same one to each of its students): an import's school has
 * thousands of staff, nearly all teachers, and going over them for each of its students' audiences cost ≈ 12 s of an
 * import of 50,000 students.
 */
const schoolRoles = new WeakMap<SchoolDoc, Readonly<Record<string, SchoolAccessRole>>>();
function schoolRolesOf(school: SchoolDoc): Readonly<Record<string, SchoolAccessRole>> {
  let roles = schoolRoles.get(school);
  if (!roles) {
    const found: Record<string, SchoolAccessRole> = {};
    for (const member of Object.values(school.staff)) {
      if (member.granteeUserId === null || member.role === 'teacher') continue;
      found[member.granteeUserId] = member.role === 'admin' ? 'school-admin' : 'coordinator';
    }
    schoolRoles.set(school, (roles = found));
  }
  return roles;
}
