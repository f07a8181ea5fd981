import { NotFoundError } from '@accommodate/shared-events/domain/errors';
import { authorizeSchool, type SchoolAction } from '@accommodate/shared-events/domain/school/school-access';
import { organisationQueries, type DistrictDoc, type SchoolDoc } from '@accommodate/projections/queries/organisation-queries';
import type { AppContext } from '../framework/command-context.ts';

/** The district, if the user administers it; to anyone else it is not found, so its existence does not leak. */
export async function loadDistrictFor(context: Pick<AppContext, 'readStore'>, userId: string, districtId: string): Promise<DistrictDoc> {
  const district = await organisationQueries(context.readStore).districtById(districtId);
  if (!district?.adminIds.includes(userId)) throw new NotFoundError('District');
  return district;
}

/** The school and whether the user administers its district, once the school's access table allows `action`. */
export async function loadSchoolFor(
  context: Pick<AppContext, 'readStore'>,
  userId: string,
  schoolId: string,
  action: SchoolAction,
): Promise<{ school: SchoolDoc; districtAdmin: boolean }> {
  const queries = organisationQueries(context.readStore);
  const school = await queries.schoolById(schoolId);
  const districtAdmin = school !== null && ((await queries.districtById(school.districtId))?.adminIds.includes(userId) ?? false);
  authorizeSchool(school, userId, districtAdmin, action);
  return { school, districtAdmin };
}
