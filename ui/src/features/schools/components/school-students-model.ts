import type { StudentListItem } from '@accommodate/shared-events/schemas/student';

/** A school's student on the coordinator's page: the earliest review of a plan still open, and the case manager. */
export interface SchoolStudentRow {
  id: string;
  name: string;
  grade: string;
  status: string;
  reviewDue: string | null;
  caseManagerId: string | null;
}

export interface SchoolStudentFilter {
  grade: string;
  /** A staff member's account id, 'none' for students without one, or 'all'. */
  caseManager: string;
  status: string;
}
export const ALL_STUDENTS: SchoolStudentFilter = { grade: 'all', caseManager: 'all', status: 'all' };

/**
 * The rows, overdue and upcoming reviews first (the earliest first), then the students without an open plan by name.
 * A closed plan has no review to come.
 */
export function schoolStudentRows(
  students: readonly StudentListItem[],
  plans: readonly { studentId: string; reviewDate: string; status: string }[],
  filter: SchoolStudentFilter,
): SchoolStudentRow[] {
  const reviewDue = new Map<string, string>();
  for (const plan of plans) {
    if (plan.status === 'closed') continue;
    const known = reviewDue.get(plan.studentId);
    if (!known || plan.reviewDate < known) reviewDue.set(plan.studentId, plan.reviewDate);
  }
  return students
    .filter(
      (student) =>
        (filter.grade === 'all' || student.grade === filter.grade) &&
        (filter.status === 'all' || student.status === filter.status) &&
        (filter.caseManager === 'all' || (student.caseManagerId ?? 'none') === filter.caseManager),
    )
    .map((student) => ({
      id: student.id,
      name: student.name,
      grade: student.grade,
      status: student.status,
      reviewDue: reviewDue.get(student.id) ?? null,
      caseManagerId: student.caseManagerId ?? null,
    }))
    .sort((a, b) => {
      if (a.reviewDue !== b.reviewDue) {
        if (a.reviewDue === null) return 1;
        if (b.reviewDue === null) return -1;
        return a.reviewDue < b.reviewDue ? -1 : 1;
      }
      return a.name.localeCompare(b.name);
    });
}
