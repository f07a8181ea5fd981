import { NotFoundError } from '@accommodate/shared-events/domain/errors';
import type { StudentAllowance } from '@accommodate/shared-events/domain/student/decide-student';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { userQueries } from '@accommodate/projections/queries/users-queries';
import type { AppContext } from '../../framework/command-context.ts';

/**
 * What the free plan's limit needs to know. A premium account has no limit, so its students are not
 * counted: counting a large caseload on every creation was a large part of a POST's cost.
 */
export async function allowanceOf(readStore: AppContext['readStore'], userId: string): Promise<StudentAllowance> {
  const user = await userQueries(readStore).userById(userId);
  if (!user) throw new NotFoundError('Account');
  if (user.isPremium) return { isPremium: true, studentCount: 0 };
  return { isPremium: false, studentCount: await caseloadQueries(readStore).countStudentsOwnedBy(userId) };
}

/**
 * Runs one user's student creations one after another, so two quick clicks cannot
 * both pass the free limit's count. It serialises within one API process only;
 * across several, the count can still be passed by the odd concurrent request.
 */
export function oneAtATimePerUser() {
  const tails = new Map<string, Promise<unknown>>();
  return async <T>(userId: string, work: () => Promise<T>): Promise<T> => {
    const previous = tails.get(userId) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(work);
    tails.set(userId, run);
    try {
      return await run;
    } finally {
      if (tails.get(userId) === run) tails.delete(userId);
    }
  };
}
