import { authorizeClass, type ClassAction } from '@accommodate/shared-events/domain/class/class-access';
import type { ClassDoc } from '@accommodate/projections/queries/caseload-schema';
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
