import type { RosterClass, RosterData, RosterEnrollment, RosterIssue, RosterSchool } from './roster-data.ts';
import { missingColumn, readManifest, requiredColumns, type Manifest, type RosterTables } from './roster-manifest.ts';
import { readUsers } from './roster-users.ts';
import { noIssues, noteIssue, tallyOf, type IssueTally } from './roster-issues.ts';
import { rowStatus, value, type FileRows, type Issues } from './roster-rows.ts';
import { schoolFormSchema } from '../../schemas/school.ts';

/** What a delta may refer to without sending it again: the records earlier imports made. */
export interface KnownRecords {
  has(kind: 'school' | 'class' | 'user', sourcedId: string): boolean;
}

export const NOTHING_KNOWN: KnownRecords = { has: () => false };

export interface RosterValidation {
  /** Null when there is any error: nothing is written then. */
  data: RosterData | null;
  /** The first ROSTER_ISSUES_KEPT of each, and how many there were in all. */
  errors: RosterIssue[];
  warnings: RosterIssue[];
  errorCount: number;
  warningCount: number;
}

const validation = (data: RosterData | null, errors: IssueTally, warnings: IssueTally): RosterValidation => ({
  data,
  errors: errors.kept,
  warnings: warnings.kept,
  errorCount: errors.count,
  warningCount: warnings.count,
});

/** A roster that could not be read at all (the zip, or its size): these errors only. */
export const unreadRoster = (errors: readonly RosterIssue[]): RosterValidation => validation(null, tallyOf(errors), noIssues());

const ROSTER_FILE_NAMES = ['orgs.csv', 'academicSessions.csv', 'courses.csv', 'classes.csv', 'users.csv', 'roles.csv', 'enrollments.csv'];

/**
 * The whole zip checked before anything is written: the manifest, each file's columns, duplicate sourcedIds, every
 * reference (to a row of the zip or, in a delta, to a record imported before). Any error stops the import; rows skipped
 * on purpose (a guardian, a grade the product does not keep) are warnings.
 */
export function validateRoster(tables: RosterTables, known: KnownRecords = NOTHING_KNOWN): RosterValidation {
  const errors = noIssues();
  const warnings = noIssues();
  const issues: Issues = {
    error: (file, line, message) => noteIssue(errors, { file, line, message }),
    warn: (file, line, message) => noteIssue(warnings, { file, line, message }),
  };
  const { manifest, errors: manifestErrors } = readManifest(tables);
  if (!manifest) return validation(null, tallyOf(manifestErrors), warnings);
  const files = new Map(ROSTER_FILE_NAMES.map((file) => [file, checkedFile(tables, manifest, file, issues)]));
  const rowsOf = (file: string): FileRows => files.get(file) ?? { file, mode: 'absent', rows: [] };

  const orgs = readOrgs(rowsOf('orgs.csv'), issues);
  const isSchool = (id: string) => orgs.schoolIds.has(id) || (!orgs.all.has(id) && known.has('school', id));
  const isOrg = (id: string) => orgs.all.has(id) || known.has('school', id);
  const terms = readSessions(rowsOf('academicSessions.csv'), issues);
  const courses = new Map(rowsOf('courses.csv').rows.map((row) => [value(row.values, 'sourcedId'), value(row.values, 'title')]));
  const classes = readClasses(rowsOf('classes.csv'), { isSchool, terms, courses, coursesSent: files.has('courses.csv') && rowsOf('courses.csv').mode !== 'absent' }, issues);
  const users = readUsers(manifest.version, rowsOf('users.csv'), rowsOf('roles.csv'), { isSchool, isOrg }, issues);
  const classIds = new Set(rowsOf('classes.csv').rows.map((row) => value(row.values, 'sourcedId')));
  const enrollments = readEnrollments(rowsOf('enrollments.csv'), {
    hasClass: (id) => classIds.has(id) || known.has('class', id),
    hasUser: (id) => users.all.has(id) || known.has('user', id),
    skippedUser: (id) => users.skipped.has(id),
  }, issues);
  if (errors.count > 0) return validation(null, errors, warnings);
  const modes = {
    schools: rowsOf('orgs.csv').mode,
    users: rowsOf('users.csv').mode,
    classes: rowsOf('classes.csv').mode,
    enrollments: rowsOf('enrollments.csv').mode,
  };
  const data: RosterData = { version: manifest.version, modes, schools: orgs.schools, classes, staff: users.staff, students: users.students, enrollments, removedUsers: users.removed };
  return validation(data, errors, warnings);
}

function checkedFile(tables: RosterTables, manifest: Manifest, file: string, issues: Issues): FileRows | undefined {
  const table = tables.get(file);
  const mode = manifest.modes[file] ?? (table ? 'bulk' : 'absent');
  if (!table || mode === 'absent') return undefined;
  let complete = true;
  for (const column of requiredColumns(file, manifest.version, mode)) {
    if (!table.columns.includes(column)) {
      issues.error(missingColumn(file, column).file, 1, missingColumn(file, column).message);
      complete = false;
    }
  }
  if (!complete) return { file, mode, rows: [] };
  if (table.columns.includes('sourcedId')) {
    const seen = new Map<string, number>();
    for (const row of table.rows) {
      const id = value(row.values, 'sourcedId');
      if (id === '') issues.error(file, row.line, 'sourcedId is empty');
      const first = seen.get(id);
      // A user's sourcedId is a student identifier: the report, kept in the log, names the line instead.
      const named = file === 'users.csv' ? 'this sourcedId' : `sourcedId ${id}`;
      if (first !== undefined && id !== '') issues.error(file, row.line, `${named} is already on line ${first}`);
      else seen.set(id, row.line);
    }
  }
  return { file, mode, rows: table.rows };
}

function readOrgs(file: FileRows, issues: Issues) {
  const schools: RosterSchool[] = [];
  const schoolIds = new Set<string>();
  const all = new Set<string>();
  for (const row of file.rows) {
    const sourcedId = value(row.values, 'sourcedId');
    all.add(sourcedId);
    if (value(row.values, 'type').toLowerCase() !== 'school') continue;
    const status = rowStatus(file, row, issues);
    const name = value(row.values, 'name').slice(0, 200);
    if (status === null) continue;
    if (name === '' && status === 'active') issues.error(file.file, row.line, 'a school needs a name');
    else if (name !== '' && !schoolFormSchema.shape.name.safeParse(name).success) {
      issues.error(file.file, row.line, 'the school\u2019s name is not one the product accepts (one line of text)');
    }
    if (status === 'tobedeleted') issues.warn(file.file, row.line, 'schools are not removed by an import: remove it in Settings if it closed');
    schoolIds.add(sourcedId);
    schools.push({ sourcedId, name, status });
  }
  return { schools, schoolIds, all };
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function readSessions(file: FileRows, issues: Issues): Map<string, { start: string; end: string }> | null {
  if (file.mode === 'absent') return null;
  const terms = new Map<string, { start: string; end: string }>();
  for (const row of file.rows) {
    const start = value(row.values, 'startDate').slice(0, 10);
    const end = value(row.values, 'endDate').slice(0, 10);
    if (!ISO_DAY.test(start) || !ISO_DAY.test(end)) issues.error(file.file, row.line, 'startDate and endDate must be dates (YYYY-MM-DD)');
    else if (end < start) issues.error(file.file, row.line, 'endDate is before startDate');
    else terms.set(value(row.values, 'sourcedId'), { start, end });
  }
  return terms;
}

interface ClassReferences {
  isSchool: (id: string) => boolean;
  terms: Map<string, { start: string; end: string }> | null;
  courses: Map<string, string>;
  coursesSent: boolean;
}

function readClasses(file: FileRows, refs: ClassReferences, issues: Issues): RosterClass[] {
  const classes: RosterClass[] = [];
  for (const row of file.rows) {
    const status = rowStatus(file, row, issues);
    const sourcedId = value(row.values, 'sourcedId');
    const title = value(row.values, 'title').slice(0, 100);
    const schoolSourcedId = value(row.values, 'schoolSourcedId');
    if (status === null) continue;
    if (status === 'active' && title === '') issues.error(file.file, row.line, 'a class needs a title');
    if (!refs.isSchool(schoolSourcedId)) issues.error(file.file, row.line, `schoolSourcedId ${schoolSourcedId} is not a school in orgs.csv`);
    const courseId = value(row.values, 'courseSourcedId');
    if (courseId !== '' && refs.coursesSent && !refs.courses.has(courseId)) issues.error(file.file, row.line, `courseSourcedId ${courseId} is not in courses.csv`);
    const subject = (refs.courses.get(courseId) ?? value(row.values, 'subjects')) || null;
    let term: RosterClass['term'] = null;
    if (refs.terms !== null) {
      for (const termId of value(row.values, 'termSourcedIds').split(',').map((id) => id.trim()).filter(Boolean)) {
        const found = refs.terms.get(termId);
        if (!found) issues.error(file.file, row.line, `termSourcedIds ${termId} is not in academicSessions.csv`);
        else term = widened(term, found);
      }
    }
    const period = value(row.values, 'periods').slice(0, 40) || null;
    const room = value(row.values, 'location').slice(0, 40) || null;
    classes.push({ sourcedId, title, subject: subject?.slice(0, 100) ?? null, schoolSourcedId, period, room, term, status });
  }
  return classes;
}

/** The span of a class's terms: the earliest start to the latest end. */
function widened(term: RosterClass['term'], found: { start: string; end: string }): { start: string; end: string } {
  if (term === null) return { ...found };
  return { start: found.start < term.start ? found.start : term.start, end: found.end > term.end ? found.end : term.end };
}

interface EnrollmentReferences {
  hasClass(id: string): boolean;
  hasUser(id: string): boolean;
  skippedUser(id: string): boolean;
}

function readEnrollments(file: FileRows, refs: EnrollmentReferences, issues: Issues): RosterEnrollment[] {
  const enrollments: RosterEnrollment[] = [];
  for (const row of file.rows) {
    const status = rowStatus(file, row, issues);
    const classSourcedId = value(row.values, 'classSourcedId');
    const userSourcedId = value(row.values, 'userSourcedId');
    if (!refs.hasClass(classSourcedId)) issues.error(file.file, row.line, `classSourcedId ${classSourcedId} is not in classes.csv`);
    if (!refs.hasUser(userSourcedId)) issues.error(file.file, row.line, 'its userSourcedId is not in users.csv');
    const role = value(row.values, 'role').toLowerCase();
    if (status === null || refs.skippedUser(userSourcedId)) continue;
    if (role !== 'student' && role !== 'teacher') {
      issues.warn(file.file, row.line, `role ${role || '(empty)'} is not imported`);
      continue;
    }
    enrollments.push({ classSourcedId, userSourcedId, role, status, primary: value(row.values, 'primary').toLowerCase() === 'true' });
  }
  return enrollments;
}
