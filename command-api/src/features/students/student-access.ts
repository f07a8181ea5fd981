import type { Student } from '@accommodate/shared-events/schemas/student';
import { STUDENTS } from '@accommodate/projections/definitions/caseload-collections';
import type { StudentDoc } from '@accommodate/projections/definitions/caseload-projection';
import type { AppContext } from '../../framework/command-context.ts';
import { forbidden, notFound } from '../../http/errors.ts';

export type StudentAccessNeed = 'view' | 'edit';

/**
 * The one place that decides who may see or change a student (and, through the
 * student, its plans and documents). A student the user may not see is simply
 * not found, so its existence does not leak.
 */
export async function loadStudentFor(
  context: Pick<AppContext, 'readStore'>,
  userId: string,
  studentId: string,
  need: StudentAccessNeed,
): Promise<StudentDoc> {
  const student = await context.readStore.collection<StudentDoc>(STUDENTS).get(studentId);
  if (!student || !student.viewerIds.includes(userId)) throw notFound('Student');
  if (need === 'edit' && !student.editorIds.includes(userId)) throw forbidden('You can view this student but not change them');
  return student;
}

/** Every student the user may see. */
export const studentsVisibleTo = (context: Pick<AppContext, 'readStore'>, userId: string): Promise<StudentDoc[]> =>
  context.readStore.collection<StudentDoc>(STUDENTS).find({ viewerIds: userId });

/** The API shape: the read model without its access lists and its denormalised accommodations. */
export function toStudent(doc: StudentDoc): Student {
  const { viewerIds: _viewers, editorIds: _editors, accommodations: _accommodations, ...student } = doc;
  return student;
}
