import { mayAccess, roleOn, type StudentAccessList } from '../access/student-access.ts';
import type { TeacherAsked } from './decide-plan.ts';

/**
 * Who is asked to acknowledge a new version: every teacher of the student at that moment (owner,
 * co-teachers, substitutes whose share runs, class teachers), by the access rules' 'acknowledge-plan'; not auditors.
 */
export function teachersToAsk(student: StudentAccessList, now: Date): TeacherAsked[] {
  return [...new Set(student.viewerIds)]
    .filter((userId) => mayAccess(student, userId, 'acknowledge-plan', now))
    .map((userId) => ({ userId, role: roleOn(student, userId, now)!.role }));
}

/**
 * Who hears that a version is still not acknowledged after 5 school days: the student's owner; for a school's student
 * (imported, owned by nobody) its case manager, else the school's 504 coordinators.
 */
export function answerableForAcknowledgement(student: StudentAccessList & { ownerId: string | null }, now: Date): string[] {
  if (student.ownerId !== null) return [student.ownerId];
  const holding = (role: string) => student.viewerIds.filter((userId) => roleOn(student, userId, now)?.role === role);
  const caseManagers = holding('case-manager');
  return caseManagers.length > 0 ? caseManagers : holding('coordinator');
}
