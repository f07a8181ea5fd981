import { GRADES } from '../../schemas/student.ts';

// OneRoster: what an import keeps of the SIS's files, once validated. Only what the product needs: a
// school's name; a class's title, course, period, room and term; a staff member's e-mail and role; a student's first
// name (or preferred given name), family-name initial, grade and school. No student e-mail, identifier or demographics.

export type OneRosterVersion = '1.1' | '1.2';
/** How manifest.csv lists a file: the whole truth (bulk), changes only (delta), or not sent (absent). */
export type FileMode = 'bulk' | 'delta' | 'absent';
/** A row's status: tobedeleted ends the record in the product (deactivated, never erased). */
export type RowStatus = 'active' | 'tobedeleted';

export interface RosterSchool {
  sourcedId: string;
  name: string;
  status: RowStatus;
}

export interface RosterClass {
  sourcedId: string;
  title: string;
  /** The course's title (courses.csv), else the class's subjects. */
  subject: string | null;
  schoolSourcedId: string;
  period: string | null;
  room: string | null;
  /** From its academic sessions: the earliest start and the latest end; null when no session file was sent. */
  term: { start: string; end: string } | null;
  status: RowStatus;
}

export type StaffRoleInRoster = 'teacher' | 'admin';

export interface RosterStaff {
  sourcedId: string;
  email: string;
  role: StaffRoleInRoster;
  schoolSourcedIds: string[];
}

export interface RosterStudent {
  sourcedId: string;
  firstName: string;
  lastInitial: string;
  grade: string;
  schoolSourcedId: string;
}

export interface RosterEnrollment {
  classSourcedId: string;
  userSourcedId: string;
  role: 'student' | 'teacher';
  status: RowStatus;
  /** A teacher's enrolment marked primary: the first such leads the class. */
  primary: boolean;
}

/** The files an import reads, as the summary and the dry run name them. */
export const ROSTER_FILES = ['orgs.csv', 'academicSessions.csv', 'courses.csv', 'classes.csv', 'users.csv', 'roles.csv', 'enrollments.csv'] as const;
export type RosterFile = (typeof ROSTER_FILES)[number];

export interface RosterData {
  version: OneRosterVersion;
  /** orgs → schools, users (and roles) → staff and students, classes, enrollments. */
  modes: { schools: FileMode; users: FileMode; classes: FileMode; enrollments: FileMode };
  schools: RosterSchool[];
  classes: RosterClass[];
  staff: RosterStaff[];
  students: RosterStudent[];
  enrollments: RosterEnrollment[];
  /** Users the SIS marked tobedeleted: whatever they are in the product (staff, student) is deactivated. */
  removedUsers: string[];
}

/** An error stops the whole import before any write; a warning is a row skipped on purpose. */
export interface RosterIssue {
  file: string;
  /** The line in the file (the header is line 1); null for the file as a whole. */
  line: number | null;
  message: string;
}

/** 'KG' → K, '01'..'12' → 1..12; anything else (PK, 13, Other) is no grade of the product's. */
export function gradeFromRoster(grades: string): string | null {
  for (const raw of grades.split(',').map((value) => value.trim().toUpperCase())) {
    if (raw === 'KG' || raw === 'K') return 'K';
    if (/^\d{1,2}$/.test(raw)) {
      const grade = String(Number(raw));
      if ((GRADES as readonly string[]).includes(grade) && grade !== '0') return grade;
    }
  }
  return null;
}

/** The name as the product stores it: the preferred given name where there is one, and the family name's initial. */
export function studentName(givenName: string, preferredGivenName: string, familyName: string): { firstName: string; lastInitial: string } | null {
  const firstName = (preferredGivenName.trim() || givenName.trim()).slice(0, 100);
  const lastInitial = /\p{L}/u.exec(familyName)?.[0]?.toUpperCase() ?? '';
  return firstName === '' || lastInitial === '' ? null : { firstName, lastInitial };
}

/** OneRoster roles (1.1's and 1.2's) as the product knows them; others (guardian, aide, proctor…) are not imported. */
export function productRole(role: string): 'student' | StaffRoleInRoster | null {
  switch (role.trim().toLowerCase()) {
    case 'student':
      return 'student';
    case 'teacher':
      return 'teacher';
    case 'administrator':
    case 'siteadministrator':
    case 'principal':
      return 'admin';
    default:
      return null;
  }
}
