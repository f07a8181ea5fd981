/** Roles a student can be shared in; the owner is not a share. */
export const SHARE_ROLES = ['co-teacher', 'substitute', 'auditor'] as const;
export type ShareRole = (typeof SHARE_ROLES)[number];
export const SHARE_ROLE_LABELS: Record<ShareRole, string> = { 'co-teacher': 'Co-teacher', substitute: 'Substitute', auditor: 'Auditor' };

/**
 * How someone reaches a student through its school: the school's 504 coordinators and administrators, the
 * admins of its district, and the student's case manager. The caseload projection derives them from the school's
 * staff and the district's admins; nobody grants them on the student.
 */
export const SCHOOL_ACCESS_ROLES = ['coordinator', 'school-admin', 'district-admin', 'case-manager'] as const;
export type SchoolAccessRole = (typeof SCHOOL_ACCESS_ROLES)[number];
export const SCHOOL_ACCESS_ROLE_LABELS: Record<SchoolAccessRole, string> = {
  coordinator: '504 Coordinator',
  'school-admin': 'School Administrator',
  'district-admin': 'District Admin',
  'case-manager': 'Case manager',
};

/** How the signed-in user reaches a student: as its owner, through a share, as a teacher of a class it is in, or through its school. */
export const STUDENT_ACCESS_ROLES = ['owner', ...SHARE_ROLES, 'class-teacher', ...SCHOOL_ACCESS_ROLES] as const;
export type StudentAccessRole = (typeof STUDENT_ACCESS_ROLES)[number];

/**
 * The instant access ends: the end of the expiry date, in UTC. The date is the
 * last day the substitute can open the student.
 */
export function shareEndsAt(expiresAt: string): Date {
  return new Date(Date.parse(`${expiresAt}T00:00:00Z`) + 24 * 60 * 60 * 1000);
}

export const isShareExpired = (expiresAt: string | null, now: Date): boolean =>
  expiresAt !== null && now.getTime() >= shareEndsAt(expiresAt).getTime();
