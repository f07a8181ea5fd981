import type { District, MySchool } from '@accommodate/shared-events/schemas/school';
import { useMyDistricts } from './my-districts.ts';
import { useMySchools } from './my-schools.ts';

/**
 * Which home fits the person: a district's admin gets the district's figures, a school's coordinator or admin what
 * needs doing across the school, a school's teacher the day's classes, and anyone else (a teacher on their own) the
 * personal quick-start. The most managing role wins, since that is the work the person most likely signed in for.
 */
export type HomeRole =
  | { kind: 'district-admin'; districts: District[] }
  | { kind: 'coordinator'; schools: MySchool[] }
  | { kind: 'school-teacher'; schools: MySchool[] }
  | { kind: 'personal' };

export function homeRoleOf(schools: readonly MySchool[], districts: readonly District[]): HomeRole {
  if (districts.length > 0) return { kind: 'district-admin', districts: [...districts] };
  const managed = schools.filter((school) => school.role === 'coordinator' || school.role === 'admin');
  if (managed.length > 0) return { kind: 'coordinator', schools: managed };
  const taught = schools.filter((school) => school.role === 'teacher');
  if (taught.length > 0) return { kind: 'school-teacher', schools: taught };
  return { kind: 'personal' };
}

/** Whether the person works for a school or district: then the personal plan's limit and prices are not theirs. */
export const isSchoolStaff = (role: HomeRole): boolean => role.kind !== 'personal';

/** The person's home role, undefined while either list loads (a failed list counts as none: the personal home). */
export function useHomeRole(): HomeRole | undefined {
  const schools = useMySchools();
  const districts = useMyDistricts();
  if (schools.isPending || districts.isPending) return undefined;
  return homeRoleOf(schools.data ?? [], districts.data ?? []);
}

/**
 * The account type Settings shows: a school's staff are not on the personal Free plan (their school's students never
 * count toward it), so they are not told 'Free'; undefined while the role loads, so 'Free' never flashes up.
 */
export function accountTypeOf(isPremium: boolean, role: HomeRole | undefined): 'Premium' | 'School staff' | 'Free' | undefined {
  if (isPremium) return 'Premium';
  if (!role) return undefined;
  return isSchoolStaff(role) ? 'School staff' : 'Free';
}
