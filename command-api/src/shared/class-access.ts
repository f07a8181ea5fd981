import { authorizeClass, type ClassAction } from '@accommodate/shared-events/domain/class/class-access';
import { mayAccess } from '@accommodate/shared-events/domain/access/student-access';
import type { ClassDoc, StudentDoc } from '@accommodate/projections/queries/caseload-schema';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { classQueries } from '@accommodate/projections/queries/class-queries';
import type { AppContext } from '../framework/command-context.ts';

/**
 * The class a route works on, once the class's access (the domain's class-access.ts) allows the user `action`;
 * otherwise its refusal, a 404 when the user does not teach it. Shared: the classes' routes and the students list's
 * Class filter both ask.
 */
export async function loadClassFor(context: Pick<AppContext, 'readStore'>, userId: string, classId: string, action: ClassAction): Promise<ClassDoc> {
  const found = await classQueries(context.readStore).classById(classId);
  authorizeClass(found, userId, action);
  return found;
}

/** The students enrolled in a class that the user may view at `now`. Read by id: a class holds a few dozen of a
 * caseload that may hold a thousand. */
export async function enrolledVisibleTo(context: Pick<AppContext, 'readStore'>, doc: ClassDoc, userId: string, now: Date): Promise<StudentDoc[]> {
  const caseload = caseloadQueries(context.readStore);
  const students = await Promise.all(doc.studentIds.map((id) => caseload.studentById(id)));
  return students.filter((student): student is StudentDoc => student !== null && mayAccess(student, userId, 'view', now));
}

/** The same for a class the user may read, else the class's refusal: the students list's Class filter and the usage
 * view's both ask. */
export async function classStudentsVisibleTo(context: Pick<AppContext, 'readStore'>, userId: string, classId: string, now: Date): Promise<StudentDoc[]> {
  return enrolledVisibleTo(context, await loadClassFor(context, userId, classId, 'read'), userId, now);
}
