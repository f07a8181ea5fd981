import { studentListItemSchema, type Student, type StudentListItem } from '@accommodate/shared-events/schemas/student';
import type { PersonRef, StudentAccessRole } from '@accommodate/shared-events/schemas/share';
import { roleOn } from '@accommodate/shared-events/domain/access/student-access';
import { roleAllows } from '@accommodate/shared-events/domain/access/role-rules';
import { NotFoundError } from '@accommodate/shared-events/domain/errors';
import type { StudentDoc } from '@accommodate/projections/queries/caseload-schema';
import { personLookup } from '@accommodate/projections/queries/users-queries';
import type { AppContext } from '../framework/command-context.ts';

const PRIVATE_FIELDS = ['birthdate', 'parentName', 'parentEmail', 'parentNotes', 'notes'] as const;

/** The API shape for one viewer: no access lists, private fields null for a role that may not see them. */
export function toStudent(doc: StudentDoc, viewer: { access: StudentAccessRole; sharedBy: PersonRef | null }): Student {
  const { viewerIds: _viewers, editorIds: _editors, accommodations: _accommodations, roles: _roles, rolledOverTo: _rolledOver, ...fields } = doc;
  const student: Student = { ...fields, access: viewer.access, sharedBy: viewer.sharedBy, archived: fields.archived === true };
  if (!roleAllows(viewer.access, 'see-private')) for (const field of PRIVATE_FIELDS) student[field] = null;
  return student;
}

/** Students as the given user sees them (access, sharedBy and redaction are per viewer). */
export async function presentStudents(
  context: Pick<AppContext, 'readStore' | 'now'>,
  docs: readonly StudentDoc[],
  userId: string,
  lookup = personLookup(context.readStore),
): Promise<Student[]> {
  const now = context.now();
  const students: Student[] = [];
  for (const doc of docs) {
    const entry = roleOn(doc, userId, now);
    if (!entry) continue;
    const sharedBy = entry.role === 'owner' || entry.sharedById === null ? null : await lookup(entry.sharedById);
    students.push(toStudent(doc, { access: entry.role, sharedBy }));
  }
  return students;
}

export async function presentStudent(context: Pick<AppContext, 'readStore' | 'now'>, doc: StudentDoc, userId: string): Promise<Student> {
  const [student] = await presentStudents(context, [doc], userId);
  if (!student) throw new NotFoundError('Student');
  return student;
}

/** A row of the students list: the shared list schema drops the private fields, whatever the viewer's role. */
export const toStudentListItem = (student: Student): StudentListItem => studentListItemSchema.parse(student);
