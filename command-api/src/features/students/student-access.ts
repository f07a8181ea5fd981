import type { Student } from '@accommodate/shared-events/schemas/student';
import { isShareExpired, shareEndsAt, type PersonRef, type StudentAccessRole } from '@accommodate/shared-events/schemas/share';
import { STUDENTS } from '@accommodate/projections/definitions/caseload-collections';
import type { StudentDoc, StudentRoleEntry } from '@accommodate/projections/definitions/caseload-projection';
import { USERS, type UserDoc } from '@accommodate/projections/definitions/users-projection';
import type { AppContext } from '../../framework/command-context.ts';
import { forbidden, notFound, type HttpError } from '../../http/errors.ts';

/**
 * What a route needs to do with a student:
 * - view: open it (and its accommodations, plans, PDF, presence room);
 * - see-private: parent information, notes, birthdate and documents;
 * - edit: change it, its plans and documents; delete: remove it for everyone;
 * - list-shares / manage-shares: see who it is shared with / grant and revoke;
 * - see-history: its history and access log (issue 6).
 */
export type StudentAccessNeed = 'view' | 'see-private' | 'edit' | 'delete' | 'list-shares' | 'manage-shares' | 'see-history';

const CAPABILITIES: Record<StudentAccessRole, ReadonlySet<StudentAccessNeed>> = {
  owner: new Set(['view', 'see-private', 'edit', 'delete', 'list-shares', 'manage-shares', 'see-history']),
  'co-teacher': new Set(['view', 'see-private', 'edit', 'list-shares', 'see-history']),
  substitute: new Set(['view']),
  auditor: new Set(['view', 'see-private', 'see-history']),
};

/** A refusal of something the user could not even see is a 404 too, so nothing about it leaks. */
const DENIED: Record<StudentAccessNeed, () => HttpError> = {
  view: () => notFound('Student'),
  'see-private': () => notFound('Record'),
  edit: () => forbidden('You can view this student but not change them'),
  delete: () => forbidden('Only the student’s owner can delete them'),
  'list-shares': () => forbidden('Only the owner and co-teachers can see who this student is shared with'),
  'manage-shares': () => forbidden('Only the student’s owner can share them'),
  'see-history': () => forbidden('You cannot see this student’s history'),
};

/** How the user reaches the student right now: an expired share counts as none, whatever the read model says yet. */
export function roleOf(student: Pick<StudentDoc, 'roles' | 'viewerIds'>, userId: string, now: Date): StudentRoleEntry | null {
  const entry = student.roles?.[userId];
  if (!entry || !student.viewerIds.includes(userId)) return null;
  return isShareExpired(entry.expiresAt, now) ? null : entry;
}

export function mayAccess(student: Pick<StudentDoc, 'roles' | 'viewerIds'>, userId: string, need: StudentAccessNeed, now: Date): boolean {
  const entry = roleOf(student, userId, now);
  return entry !== null && CAPABILITIES[entry.role].has(need);
}

/**
 * The one place that decides who may see or change a student (and, through the
 * student, its plans, documents and shares). A student the user may not see is
 * simply not found, so its existence does not leak.
 */
export async function loadStudentFor(
  context: Pick<AppContext, 'readStore' | 'now'>,
  userId: string,
  studentId: string,
  need: StudentAccessNeed,
): Promise<StudentDoc> {
  const student = await context.readStore.collection<StudentDoc>(STUDENTS).get(studentId);
  const now = context.now();
  if (!student || !mayAccess(student, userId, 'view', now)) throw notFound('Student');
  if (!mayAccess(student, userId, need, now)) throw DENIED[need]();
  return student;
}

/** For the socket's student:watch. */
export async function canViewStudent(context: Pick<AppContext, 'readStore' | 'now'>, userId: string, studentId: string): Promise<boolean> {
  const student = await context.readStore.collection<StudentDoc>(STUDENTS).get(studentId);
  return student !== null && mayAccess(student, userId, 'view', context.now());
}

/** Every student the user may see now. */
export async function studentsVisibleTo(context: Pick<AppContext, 'readStore' | 'now'>, userId: string): Promise<StudentDoc[]> {
  const now = context.now();
  const candidates = await context.readStore.collection<StudentDoc>(STUDENTS).find({ viewerIds: userId });
  return candidates.filter((student) => mayAccess(student, userId, 'view', now));
}

/**
 * The instant (ms) from which the user's list may change by the clock alone: the end of the
 * soonest of their shares among these students still running at `now`; Infinity if none ends.
 */
export function visibleUntil(docs: readonly Pick<StudentDoc, 'roles'>[], userId: string, now: Date): number {
  let until = Infinity;
  for (const doc of docs) {
    const expiresAt = doc.roles?.[userId]?.expiresAt ?? null;
    if (expiresAt === null) continue;
    const ends = shareEndsAt(expiresAt).getTime();
    if (ends > now.getTime() && ends < until) until = ends;
  }
  return until;
}

/** Resolves user ids to {id, name} from the users read model, once per id. */
export function personLookup(context: Pick<AppContext, 'readStore'>): (userId: string) => Promise<PersonRef> {
  const cache = new Map<string, Promise<PersonRef>>();
  return (userId) => {
    let found = cache.get(userId);
    if (!found) {
      found = context.readStore
        .collection<UserDoc>(USERS)
        .get(userId)
        .then((user) => ({ id: userId, name: user?.name ?? (userId === 'system' ? 'System' : 'Unknown user') }));
      cache.set(userId, found);
    }
    return found;
  };
}

const PRIVATE_FIELDS = ['birthdate', 'parentName', 'parentEmail', 'parentNotes', 'notes'] as const;

/** The API shape for one viewer: no access lists, private fields null for a substitute. */
export function toStudent(doc: StudentDoc, viewer: { access: StudentAccessRole; sharedBy: PersonRef | null }): Student {
  const { viewerIds: _viewers, editorIds: _editors, accommodations: _accommodations, roles: _roles, ...fields } = doc;
  const student: Student = { ...fields, access: viewer.access, sharedBy: viewer.sharedBy };
  if (viewer.access === 'substitute') for (const field of PRIVATE_FIELDS) student[field] = null;
  return student;
}

/** Students as the given user sees them (access, sharedBy and redaction are per viewer). */
export async function presentStudents(
  context: Pick<AppContext, 'readStore' | 'now'>,
  docs: readonly StudentDoc[],
  userId: string,
  lookup = personLookup(context),
): Promise<Student[]> {
  const now = context.now();
  const students: Student[] = [];
  for (const doc of docs) {
    const entry = roleOf(doc, userId, now);
    if (!entry) continue;
    const sharedBy = entry.role === 'owner' || entry.sharedById === null ? null : await lookup(entry.sharedById);
    students.push(toStudent(doc, { access: entry.role, sharedBy }));
  }
  return students;
}

export async function presentStudent(context: Pick<AppContext, 'readStore' | 'now'>, doc: StudentDoc, userId: string): Promise<Student> {
  const [student] = await presentStudents(context, [doc], userId);
  if (!student) throw notFound('Student');
  return student;
}
