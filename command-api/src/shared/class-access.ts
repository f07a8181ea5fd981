import { authorizeClass, classRoleOf, type ClassAction } from '@accommodate/shared-events/domain/class/class-access';
import { mayAccess } from '@accommodate/shared-events/domain/access/student-access';
import type { ClassDoc, StudentDoc } from '@accommodate/projections/queries/caseload-schema';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { classQueries } from '@accommodate/projections/queries/class-queries';
import type { AppContext } from '../framework/command-context.ts';
import { allowedAtSchool } from './organisation-access.ts';

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

/**
 * The class whose roster the user reads: its teachers read it, and so do those who see every student of its school
 * (coordinators, administrators, the district's admins), who need not teach it: a class an import made is the
 * school's. The roster shows each of them only the students they may view.
 */
export async function loadClassRosterFor(context: Pick<AppContext, 'readStore'>, userId: string, classId: string): Promise<ClassDoc> {
  const found = await classQueries(context.readStore).classById(classId);
  if (found !== null && classRoleOf(found, userId) === null && (await allowedAtSchool(context, userId, found.schoolId, 'all-students'))) return found;
  authorizeClass(found, userId, 'read');
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
