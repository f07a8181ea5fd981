import { administers, authorizeDistrict } from '@accommodate/shared-events/domain/district/district-access';
import { authorizeSchool, SCHOOL_ROLE_RULES, schoolRoleOf, type SchoolAction } from '@accommodate/shared-events/domain/school/school-access';
import type { DistrictDoc, SchoolDoc } from '@accommodate/projections/queries/organisation-queries';
import type { AppContext } from '../framework/command-context.ts';
import { organisationReads } from './organisation-memo.ts';

/** The district, if the user administers it; to anyone else it is not found, so its existence does not leak. */
export async function loadDistrictFor(context: Pick<AppContext, 'readStore'>, userId: string, districtId: string): Promise<DistrictDoc> {
  const district = await (await organisationReads(context.readStore)).districtById(districtId);
  authorizeDistrict(district, userId);
  return district;
}

/** The school and whether the user administers its district, once the school's access table allows `action`. */
export async function loadSchoolFor(
  context: Pick<AppContext, 'readStore'>,
  userId: string,
  schoolId: string,
  action: SchoolAction,
): Promise<{ school: SchoolDoc; districtAdmin: boolean }> {
  const queries = await organisationReads(context.readStore);
  const school = await queries.schoolById(schoolId);
  const districtAdmin = school !== null && administers(await queries.districtById(school.districtId), userId);
  authorizeSchool(school, userId, districtAdmin, action);
  return { school, districtAdmin };
}

/** Whether the school's access table allows the user `action` at the school; false without a school (a class of none). */
export async function allowedAtSchool(context: Pick<AppContext, 'readStore'>, userId: string, schoolId: string | null, action: SchoolAction): Promise<boolean> {
  if (schoolId === null) return false;
  const queries = await organisationReads(context.readStore);
  const school = await queries.schoolById(schoolId);
  if (school === null) return false;
  const role = schoolRoleOf(school, userId, administers(await queries.districtById(school.districtId), userId));
  return role !== null && SCHOOL_ROLE_RULES[role].has(action);
}
