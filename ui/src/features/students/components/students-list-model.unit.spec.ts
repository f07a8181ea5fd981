import { describe, expect, it } from 'vitest';
import type { Student } from '@accommodate/shared-events/schemas/student';
import type { Plan } from '@accommodate/shared-events/schemas/plan';
import {
  NO_FILTERS,
  accommodationOptions,
  buildRows,
  filterRows,
  gradeOptions,
  groupRows,
  isFiltered,
  statusLabel,
} from './students-list-model.ts';

const student = (id: string, firstName: string, grade: string, status: string): Student => ({
  id, ownerId: 'u1', firstName, lastInitial: 'Z', name: `${firstName} Z.`, grade, status,
  birthdate: null, parentName: null, parentEmail: null, parentNotes: null, notes: null,
  accommodationIds: [], createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-01-01T00:00:00Z', revision: 1,
  access: 'owner', sharedBy: null, archived: false,
});
const plan = (studentId: string, lastUpdated: string, reviewDate: string): Plan => ({
  id: `${studentId}-${reviewDate}`, studentId, startDate: '2025-01-01', reviewDate, lastUpdated,
  status: 'active', meetingDate: null, caseManager: null, revision: 1,
});
const acc = (name: string) => ({ id: name, name, category: null, status: 'active' });

const rows = buildRows(
  [student('a', 'Ava', '10', 'active'), student('b', 'Ben', 'K', 'issue'), student('c', 'Cy', '2', '')],
  { a: [acc('Extended Time'), acc('Breaks')], b: [acc('Breaks')] },
  [plan('a', '2025-02-01T00:00:00Z', '2025-09-01'), plan('a', '2025-03-01T00:00:00Z', '2025-06-01')],
);

describe('students list model', () => {
  it('shows the most recent plan update and the earliest review date', () => {
    expect(rows[0]).toMatchObject({ lastUpdated: '2025-03-01T00:00:00Z', reviewDue: '2025-06-01' });
    expect(rows[1]).toMatchObject({ lastUpdated: null, reviewDue: null });
  });

  it('treats a missing status as active and labels issue per place', () => {
    expect(rows[2]?.status).toBe('active');
    expect(statusLabel('issue', 'list')).toBe('Attention Required');
    expect(statusLabel('issue', 'detail')).toBe('Requires Attention');
    expect(statusLabel('custom-x', 'list')).toBe('custom-x');
  });

  it('combines filters with AND and searches name, grade and accommodation names', () => {
    expect(filterRows(rows, { ...NO_FILTERS, accommodation: 'Breaks' }).map((r) => r.student.id)).toEqual(['a', 'b']);
    expect(filterRows(rows, { ...NO_FILTERS, accommodation: 'Breaks', status: 'issue' }).map((r) => r.student.id)).toEqual(['b']);
    expect(filterRows(rows, { ...NO_FILTERS, search: 'extended' }).map((r) => r.student.id)).toEqual(['a']);
    expect(filterRows(rows, { ...NO_FILTERS, search: 'cy z' }).map((r) => r.student.id)).toEqual(['c']);
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, search: ' x ' })).toBe(true);
  });

  it('orders grade options K first then numerically, accommodations alphabetically', () => {
    expect(gradeOptions(rows)).toEqual(['K', '2', '10']);
    expect(accommodationOptions(rows)).toEqual(['Breaks', 'Extended Time']);
  });

  it('groups by grade and by status with readable headings', () => {
    expect(groupRows(rows, 'grade').map((g) => g.title)).toEqual(['Kindergarten', 'Grade 2', 'Grade 10']);
    expect(groupRows(rows, 'status').map((g) => [g.title, g.rows.length])).toEqual([['Active', 2], ['Requires Attention', 1]]);
  });

  describe('by class (issue 24)', () => {
    const classes = [
      { id: 'c1', name: 'Period 1 Biology', studentIds: ['a', 'b'] },
      { id: 'c3', name: 'Period 3 Algebra I', studentIds: ['a'] },
    ];

    it('filters to one class’s students, AND with the other filters; an unknown class keeps nobody', () => {
      expect(filterRows(rows, { ...NO_FILTERS, classId: 'c1' }, classes).map((r) => r.student.id)).toEqual(['a', 'b']);
      expect(filterRows(rows, { ...NO_FILTERS, classId: 'c1', status: 'issue' }, classes).map((r) => r.student.id)).toEqual(['b']);
      expect(filterRows(rows, { ...NO_FILTERS, classId: 'gone' }, classes)).toEqual([]);
      expect(isFiltered({ ...NO_FILTERS, classId: 'c1' })).toBe(true);
    });

    it('groups by class, a student in two classes in both, one in none under "No class" last', () => {
      expect(groupRows(rows, 'class', classes).map((g) => [g.title, g.rows.map((r) => r.student.id)])).toEqual([
        ['Period 1 Biology', ['a', 'b']],
        ['Period 3 Algebra I', ['a']],
        ['No class', ['c']],
      ]);
    });
  });
});
