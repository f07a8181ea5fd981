// Until the sharing routes move to the shared access adapter (command-api/src/shared/student-access.ts).
import type { PersonRef } from '@accommodate/shared-events/schemas/share';
import { personLookup as lookupIn } from '@accommodate/projections/queries/users-queries';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import type { StudentDoc } from '@accommodate/projections/queries/caseload-schema';
import type { AppContext } from '../../framework/command-context.ts';

export { loadStudentFor } from '../../shared/student-access.ts';
export { roleOn as roleOf } from '@accommodate/shared-events/domain/access/student-access';

export const personLookup = (context: Pick<AppContext, 'readStore'>): ((userId: string) => Promise<PersonRef>) => lookupIn(context.readStore);

export const studentsVisibleTo = (context: Pick<AppContext, 'readStore' | 'now'>, userId: string): Promise<StudentDoc[]> =>
  caseloadQueries(context.readStore).studentsVisibleTo(userId, context.now());
