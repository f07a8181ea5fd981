import type { StaffRole } from '../../schemas/school.ts';
import { ForbiddenError, NotFoundError } from '../errors.ts';
import { staffRoleOf, type PresentSchool } from './school.ts';

/**
 * What someone may do with a school:
 * - view-staff: see who works there, with their roles;
 * - rename: give the school a new name;
 * - manage-staff: invite, change roles, remove;
 * - all-students: see and edit every student of the school (a coordinator's and an administrator's duty);
 * - add-students: write a student into the school;
 * - hold-records: put a student's record on legal hold, and lift it (retention is the district's rule);
 * - remove-class-teachers: take a teacher off one of the school's classes, as the roster import does.
 */
export type SchoolAction = 'rename' | 'view-staff' | 'manage-staff' | 'all-students' | 'add-students' | 'add-classes' | 'hold-records' | 'remove-class-teachers';

/** How someone reaches a school: a staff role, or administering its district. */
export type SchoolRole = StaffRole | 'district-admin';

/** The one table for schools: a new role is a new row here. */
export const SCHOOL_ROLE_RULES: Readonly<Record<SchoolRole, ReadonlySet<SchoolAction>>> = {
  teacher: new Set(['view-staff', 'add-students', 'add-classes']),
  coordinator: new Set(['view-staff', 'all-students', 'add-students', 'add-classes', 'remove-class-teachers']),
  admin: new Set(['rename', 'view-staff', 'manage-staff', 'all-students', 'add-students', 'add-classes', 'remove-class-teachers']),
  'district-admin': new Set(['rename', 'view-staff', 'manage-staff', 'all-students', 'add-students', 'add-classes', 'hold-records', 'remove-class-teachers']),
};

export const ONLY_SCHOOL_ADMINS = 'Only the school’s administrators and the district’s admins can do this';

/** The user's way into the school, or null; `districtAdmin`: whether they administer the school's district. */
export function schoolRoleOf(school: Pick<PresentSchool, 'staff'>, userId: string, districtAdmin: boolean): SchoolRole | null {
  return districtAdmin ? 'district-admin' : staffRoleOf(school, userId);
}

/**
 * The one decision on a school: not found for someone with no way into it (so that its existence does not leak),
 * forbidden for a member whose role does not allow the action.
 */
export function authorizeSchool<S extends Pick<PresentSchool, 'staff'>>(
  school: S | null,
  userId: string,
  districtAdmin: boolean,
  action: SchoolAction,
): asserts school is S {
  const role = school === null ? null : schoolRoleOf(school, userId, districtAdmin);
  if (school === null || role === null) throw new NotFoundError('School');
  if (!SCHOOL_ROLE_RULES[role].has(action)) throw new ForbiddenError(ONLY_SCHOOL_ADMINS);
}
