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
