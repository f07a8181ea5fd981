import { shareEndsAt, type StudentAccessRole } from '../../schemas/access-roles.ts';

/**
 * What someone may do with a student record (and through it, its plans, documents and shares):
 * - view: open it (and its accommodations, plans, PDF, presence room);
 * - see-private: parent information, notes, birthdate and documents;
 * - edit: change it, its plans and documents; delete: remove it for everyone;
 * - list-shares / manage-shares: see who it is shared with / grant and revoke;
 * - see-history: its history and as-of views; see-access-log: who accessed it (34 CFR 99.32(c));
 * - acknowledge-plan: confirm having read a plan version: the student's teachers, not auditors, who only check.
 *   Finalising and amending a plan is 'edit'; reading its versions is 'view'.
 * - log-implementation: record, day by day, whether each accommodation was provided; reading the log is 'view';
 * - export-hearing-packet: the one PDF of a date range for a hearing or an OCR complaint: plans, history,
 *   notifications and the access log, so only the roles that may read both history and access log.
 * - manage-school: the school's decisions on the student: assign its case manager, move it to another school.
 * - see-plan-record: the plan record's impairment, major life activities and parental consent; never
 *   substitutes, class teachers or co-teachers. Auditors see it: they replay plan history and export the hearing packet.
 */
export const STUDENT_ACTIONS = [
  'view',
  'see-private',
  'edit',
  'delete',
  'list-shares',
  'manage-shares',
  'see-history',
  'see-access-log',
  'acknowledge-plan',
  'log-implementation',
  'export-hearing-packet',
  'manage-school',
  'see-plan-record',
] as const;
export type StudentAction = (typeof STUDENT_ACTIONS)[number];

/** How one person reaches a student; the record keeps one entry per person who does. */
export interface StudentRoleEntry {
  role: StudentAccessRole;
  /** Last day of access (YYYY-MM-DD) or null. */
  expiresAt: string | null;
  /** Who granted it; null for the owner. */
  sharedById: string | null;
}

/** One role: what it allows, and the instant it ends. */
export interface RoleRule {
  allows: ReadonlySet<StudentAction>;
  /** The instant (ms) from which the entry gives nothing; Infinity if never. */
  endsAt(entry: StudentRoleEntry): number;
}

const forever = (): number => Infinity;
/** A share's expiry date is its last day of access: it ends at the end of that day (UTC). */
const atShareExpiry = (entry: StudentRoleEntry): number => (entry.expiresAt === null ? Infinity : shareEndsAt(entry.expiresAt).getTime());

const SCHOOL_OVERSIGHT: ReadonlySet<StudentAction> = new Set([
  'view',
  'see-private',
  'edit',
  'list-shares',
  'manage-shares',
  'see-history',
  'see-access-log',
  'export-hearing-packet',
  'manage-school',
]);

/**
 * The one table of who may do what. A new role (a class teacher through a roster, a school's coordinator or
 * admin, a district admin) is a new rule here: the routes, socket rooms, exports and the projection's audience
 * all ask this table.
 */
export const ROLE_RULES: Readonly<Record<StudentAccessRole, RoleRule>> = {
  owner: { allows: new Set(STUDENT_ACTIONS), endsAt: forever },
  'co-teacher': { allows: new Set(['view', 'see-private', 'edit', 'list-shares', 'see-history', 'acknowledge-plan', 'log-implementation']), endsAt: atShareExpiry },
  substitute: { allows: new Set(['view', 'acknowledge-plan', 'log-implementation']), endsAt: atShareExpiry },
  auditor: { allows: new Set(['view', 'see-private', 'see-history', 'see-access-log', 'export-hearing-packet', 'see-plan-record']), endsAt: atShareExpiry },
  // A teacher of a class the student is enrolled in: name, grade, status, the accommodations and the plan's
  // dates, enough to carry the plan out; no parent information, notes or documents. It lasts while the enrolment
  // does: the caseload projection drops the entry when the student leaves the class or the class is archived.
  'class-teacher': { allows: new Set(['view', 'acknowledge-plan', 'log-implementation']), endsAt: forever },
  // Through the student's school, for as long as the person holds the role there: the caseload projection
  // drops the entry when the staff role ends, the district admin leaves, or the student moves to another school.
  // The school's coordinators and administrators and the district's admins see and edit every student of it, share,
  // and answer for its records (history, access log, hearing packet). Deleting stays the owner's. They are not the
  // student's teachers: no plan acknowledgement is asked of them, and they do not log the day's implementation.
  // The 504 coordinator also reads the plan record's impairment and consent; the admins do not.
  coordinator: { allows: new Set([...SCHOOL_OVERSIGHT, 'see-plan-record']), endsAt: forever },
  'school-admin': { allows: SCHOOL_OVERSIGHT, endsAt: forever },
  'district-admin': { allows: SCHOOL_OVERSIGHT, endsAt: forever },
  // The staff member the school made responsible for the student's plan: a teacher of the student with a co-teacher's
  // rights, and the plan record's impairment and consent, for as long as the assignment lasts.
  'case-manager': { allows: new Set(['view', 'see-private', 'edit', 'list-shares', 'see-history', 'acknowledge-plan', 'log-implementation', 'see-plan-record']), endsAt: forever },
};

/** What a role allows while it lasts: for audiences kept without a clock (the read models' viewer lists). */
export const roleAllows = (role: StudentAccessRole, action: StudentAction): boolean => ROLE_RULES[role].allows.has(action);
