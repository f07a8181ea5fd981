import type { StudentRoleEntry } from '../access/role-rules.ts';
import { mayAccess, roleOn, type StudentAccessList } from '../access/student-access.ts';

/**
 * Who is on a teacher's own caseload for the day view: the students they may log for, reached other than
 * through a class (as owner, co-teacher, substitute or case manager). A class's students are in that class's day
 * view; a school's coordinators and administrators oversee its students but do not log their days.
 */
const THROUGH_A_CLASS: StudentRoleEntry['role'] = 'class-teacher';

export const onOwnCaseload = (student: StudentAccessList, userId: string, now: Date): boolean =>
  mayAccess(student, userId, 'log-implementation', now) && roleOn(student, userId, now)?.role !== THROUGH_A_CLASS;
