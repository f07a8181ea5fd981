import { studentFormSchema } from '../../schemas/student.ts';
import { gradeFromRoster, productRole, studentName, type OneRosterVersion, type RosterStaff, type RosterStudent } from './roster-data.ts';
import { rowStatus, value, type FileRows, type Issues } from './roster-rows.ts';

interface UserReferences {
  isSchool: (id: string) => boolean;
  isOrg: (id: string) => boolean;
}

/** A user's role at an org: 1.1 has one role and its orgs in users.csv, 1.2 a row per role in roles.csv. */
interface RoleAt {
  role: string;
  orgIds: string[];
  primary: boolean;
  file: string;
  line: number;
}

export interface RosterUsers {
  staff: RosterStaff[];
  students: RosterStudent[];
  removed: string[];
  /** Every user of users.csv, imported or not: what enrollments may name. */
  all: Set<string>;
  /** Users skipped on purpose (a guardian, no e-mail, no grade): their enrollments are skipped too. */
  skipped: Set<string>;
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const list = (text: string) => text.split(',').map((id) => id.trim()).filter(Boolean);

/** 1.2's roles.csv by user, each role with the org it is held at (primary roles first). */
function rolesOf12(roles: FileRows, users: ReadonlySet<string>, issues: Issues): Map<string, RoleAt[]> {
  const byUser = new Map<string, RoleAt[]>();
  for (const row of roles.rows) {
    const userId = value(row.values, 'userSourcedId');
    if (!users.has(userId)) {
      issues.error(roles.file, row.line, 'its userSourcedId is not in users.csv');
      continue;
    }
    if (rowStatus(roles, row, issues) !== 'active') continue;
    const role: RoleAt = {
      role: value(row.values, 'role'),
      orgIds: [value(row.values, 'orgSourcedId')],
      primary: value(row.values, 'roleType').toLowerCase() === 'primary',
      file: roles.file,
      line: row.line,
    };
    byUser.set(userId, [...(byUser.get(userId) ?? []), role].sort((a, b) => Number(b.primary) - Number(a.primary)));
  }
  return byUser;
}

/** users.csv (and 1.2's roles.csv) → staff and students; everyone else is a warning, never an import. */
const studentNameSchema = studentFormSchema.pick({ firstName: true, lastInitial: true });

export function readUsers(version: OneRosterVersion, users: FileRows, roles: FileRows, refs: UserReferences, issues: Issues): RosterUsers {
  const result: RosterUsers = { staff: [], students: [], removed: [], all: new Set(), skipped: new Set() };
  for (const row of users.rows) result.all.add(value(row.values, 'sourcedId'));
  const roles12 = version === '1.2' ? rolesOf12(roles, result.all, issues) : new Map<string, RoleAt[]>();
  for (const row of users.rows) {
    const sourcedId = value(row.values, 'sourcedId');
    const status = rowStatus(users, row, issues);
    if (status === null) continue;
    if (status === 'tobedeleted') {
      result.removed.push(sourcedId);
      continue;
    }
    const held: RoleAt[] =
      version === '1.1'
        ? [{ role: value(row.values, 'role'), orgIds: list(value(row.values, 'orgSourcedIds')), primary: true, file: users.file, line: row.line }]
        : (roles12.get(sourcedId) ?? []);
    for (const orgId of held.flatMap((role) => role.orgIds)) {
      if (!refs.isOrg(orgId)) issues.error(held[0]?.file ?? users.file, held[0]?.line ?? row.line, `orgSourcedId ${orgId} is not in orgs.csv`);
    }
    const chosen = held.find((role) => productRole(role.role) !== null);
    if (!chosen) {
      const named = held[0]?.role;
      issues.warn(users.file, row.line, named ? `role ${named} is not imported` : 'no role in roles.csv: not imported');
      result.skipped.add(sourcedId);
      continue;
    }
    const kind = productRole(chosen.role);
    const schoolIds = [...new Set(held.filter((role) => productRole(role.role) === kind).flatMap((role) => role.orgIds).filter(refs.isSchool))];
    const skip = (message: string) => {
      issues.warn(users.file, row.line, message);
      result.skipped.add(sourcedId);
    };
    if (kind === 'student') {
      const primary = value(row.values, 'primaryOrgSourcedId');
      const schoolSourcedId = refs.isSchool(primary) ? primary : schoolIds[0];
      const name = studentName(value(row.values, 'givenName'), value(row.values, 'preferredGivenName'), value(row.values, 'familyName'));
      const grades = value(row.values, 'grades');
      const grade = gradeFromRoster(grades);
      if (!schoolSourcedId) skip('a student without a school is not imported');
      else if (!name) skip('a student needs a given name and a family name: not imported');
      // The API's own field rules: a name it would refuse (a line break in it) would leave the student impossible to edit.
      else if (!studentNameSchema.safeParse(name).success) skip('the student\u2019s name is not one the product accepts (one line of text): not imported');
      else if (!grade) skip(`grade ${grades || '(empty)'} is not one the product keeps (K to 12): not imported`);
      else result.students.push({ sourcedId, ...name, grade, schoolSourcedId });
      continue;
    }
    const email = value(row.values, 'email').toLowerCase();
    if (!EMAIL.test(email)) skip('staff are invited by e-mail, and this user has none: not imported');
    else if (schoolIds.length === 0 || kind === null) skip('staff without a school are not imported');
    else result.staff.push({ sourcedId, email, role: kind, schoolSourcedIds: schoolIds });
  }
  return result;
}
