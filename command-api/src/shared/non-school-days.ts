import type { AppContext } from '../framework/command-context.ts';
import { organisationReads } from './organisation-memo.ts';

/**
 * The days without school of a school's district (besides weekends), as the coverage counts them: none for a student of
 * no school, or of a district that set none. Remembered per school for the one request it serves.
 */
export function nonSchoolDaysReads(context: Pick<AppContext, 'readStore'>): (schoolId: string | null) => Promise<ReadonlySet<string>> {
  const bySchool = new Map<string, Promise<ReadonlySet<string>>>();
  const none: ReadonlySet<string> = new Set();
  return (schoolId) => {
    if (schoolId === null) return Promise.resolve(none);
    let found = bySchool.get(schoolId);
    if (!found) {
      found = (async () => {
        const queries = await organisationReads(context.readStore);
        const school = await queries.schoolById(schoolId);
        const district = school ? await queries.districtById(school.districtId) : null;
        return new Set(district?.nonSchoolDays ?? []);
      })();
      bySchool.set(schoolId, found);
    }
    return found;
  };
}
