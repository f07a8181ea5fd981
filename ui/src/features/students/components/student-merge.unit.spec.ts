import { describe, expect, it } from 'vitest';
import type { Student, StudentInput } from '@accommodate/shared-events/schemas/student';
import { resolveStudentMerge, studentConflictBodySchema } from './student-merge.ts';

const base: Student = {
  id: 's1', ownerId: 'u1', firstName: 'Ava', lastInitial: 'S', name: 'Ava S.', grade: '3', status: 'active',
  birthdate: null, parentName: 'Pat', parentEmail: null, parentNotes: null, notes: null,
  accommodationIds: ['breaks', 'quiet'], createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-01-01T00:00:00Z',
  revision: 3, access: 'owner', sharedBy: null, archived: false,
};
const toInput = (student: Student): StudentInput => ({
  firstName: student.firstName, lastInitial: student.lastInitial, grade: student.grade, status: student.status,
  birthdate: student.birthdate, parentName: student.parentName, parentEmail: student.parentEmail,
  parentNotes: student.parentNotes, notes: student.notes, accommodationIds: student.accommodationIds,
});
const by = { id: 'u2', name: 'Sam Co' };

describe('resolving a 412 field by field', () => {
  // They renamed to Avery, moved to grade 4 and removed Quiet Space; I renamed to Ava-Marie and added Small Group.
  const current: Student = { ...base, firstName: 'Avery', grade: '4', accommodationIds: ['breaks'], revision: 5 };
  const mine: StudentInput = { ...toInput(base), firstName: 'Ava-Marie', accommodationIds: ['breaks', 'quiet', 'small-group'] };
  const conflicts = [{ field: 'firstName', yours: 'Ava-Marie', theirs: 'Avery', by, at: '2025-02-01T10:00:00Z' }];

  it('keeps my value where I chose mine, and their other edits survive', () => {
    const resolved = resolveStudentMerge({ base, mine, current, conflicts, choices: { firstName: 'yours' } });
    expect(resolved.firstName).toBe('Ava-Marie');
    expect(resolved.grade).toBe('4');
    expect(resolved.parentName).toBe('Pat');
  });

  it('takes theirs where I chose theirs', () => {
    expect(resolveStudentMerge({ base, mine, current, conflicts, choices: { firstName: 'theirs' } }).firstName).toBe('Avery');
  });

  it('merges accommodations as sets: my addition and their removal both stay', () => {
    const resolved = resolveStudentMerge({ base, mine, current, conflicts, choices: { firstName: 'yours' } });
    expect([...resolved.accommodationIds].sort()).toEqual(['breaks', 'small-group']);
  });

  it('keeps a field I cleared, rather than reviving the old value', () => {
    const cleared: StudentInput = { ...mine, parentName: null };
    expect(resolveStudentMerge({ base, mine: cleared, current, conflicts, choices: {} }).parentName).toBeNull();
  });
});

describe('the 412 body', () => {
  it('is recognised only with a current record and at least one conflict', () => {
    const current = { ...base, revision: 5 };
    expect(studentConflictBodySchema.safeParse({ message: 'x', current, conflicts: [] }).success).toBe(false);
    expect(studentConflictBodySchema.safeParse({ message: 'x', current }).success).toBe(false);
    expect(
      studentConflictBodySchema.safeParse({
        message: 'x',
        current,
        conflicts: [{ field: 'grade', yours: '4', theirs: '5', by, at: '2025-02-01T10:00:00Z' }],
      }).success,
    ).toBe(true);
  });
});
