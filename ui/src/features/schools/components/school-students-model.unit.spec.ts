import { describe, expect, it } from 'vitest';
import type { StudentListItem } from '@accommodate/shared-events/schemas/student';
import { ALL_STUDENTS, schoolStudentRows } from './school-students-model.ts';

const student = (id: string, name: string, grade: string, caseManagerId: string | null = null, status = 'active') =>
  ({ id, name, grade, status, caseManagerId }) as Pick<StudentListItem, 'id' | 'name' | 'grade' | 'status' | 'caseManagerId'> as StudentListItem;

const students = [student('a', 'Ava B.', '3', 'u1'), student('b', 'Ben C.', '4'), student('c', 'Cal D.', '3', 'u2', 'issue'), student('d', 'Dee E.', '5')];
const plans = [
  { studentId: 'a', reviewDate: '2027-03-01', status: 'active' },
  { studentId: 'c', reviewDate: '2026-10-01', status: 'active' },
  { studentId: 'd', reviewDate: '2026-01-01', status: 'closed' },
];

describe('the coordinator’s school page', () => {
  it('lists the overdue and upcoming reviews first, the earliest first, then students without an open plan by name', () => {
    expect(schoolStudentRows(students, plans, ALL_STUDENTS).map((row) => [row.name, row.reviewDue])).toEqual([
      ['Cal D.', '2026-10-01'],
      ['Ava B.', '2027-03-01'],
      ['Ben C.', null],
      ['Dee E.', null],
    ]);
  });

  it('filters by grade, case manager (or none) and status', () => {
    const names = (filter: Partial<typeof ALL_STUDENTS>) => schoolStudentRows(students, plans, { ...ALL_STUDENTS, ...filter }).map((row) => row.name);
    expect(names({ grade: '3' })).toEqual(['Cal D.', 'Ava B.']);
    expect(names({ caseManager: 'u1' })).toEqual(['Ava B.']);
    expect(names({ caseManager: 'none' })).toEqual(['Ben C.', 'Dee E.']);
    expect(names({ status: 'issue' })).toEqual(['Cal D.']);
  });
});
