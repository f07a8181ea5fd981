import { authorizeStudent, mayAccess } from '@accommodate/shared-events/domain/access/student-access';
import type { StudentAction } from '@accommodate/shared-events/domain/access/role-rules';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import type { StudentDoc } from '@accommodate/projections/queries/caseload-schema';
import type { AppContext } from '../framework/command-context.ts';

/**
 * The student a route works on, once the access rules (shared-events/src/domain/access) allow the user `action`
 * now; otherwise the rules' refusal, a 404 when the user may not even see it. `reachedAs` names what was asked
 * for through the student (a plan, a document), which is then what is not found.
 */
export async function loadStudentFor(
  context: Pick<AppContext, 'readStore' | 'now'>,
  userId: string,
  studentId: string,
  action: StudentAction,
  reachedAs?: string,
): Promise<StudentDoc> {
  const student = await caseloadQueries(context.readStore).studentById(studentId);
  authorizeStudent(student, userId, action, context.now(), reachedAs);
  return student;
}

/** For the socket's student room (student:watch, and the re-check after a share ends). */
export async function canViewStudent(context: Pick<AppContext, 'readStore' | 'now'>, userId: string, studentId: string): Promise<boolean> {
  const student = await caseloadQueries(context.readStore).studentById(studentId);
  return student !== null && mayAccess(student, userId, 'view', context.now());
}
