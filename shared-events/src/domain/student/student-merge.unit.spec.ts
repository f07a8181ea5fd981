import { describe, expect, it } from 'vitest';
import { janeDetails } from '../../testing/student-fixtures.ts';
import type { StudentDetails } from './student.ts';
import { mergeStudentEdit, type LaterChange, type StudentEdit } from './student-merge.ts';

const details = janeDetails;
const edit = (changes: Partial<StudentDetails> = {}, accommodationIds: string[] = ['a', 'b']): StudentEdit => ({ details: { ...details, ...changes }, accommodationIds });
const theirs = (changes: Partial<StudentDetails>, actorId = 'bob', occurredAt = '2025-03-01T10:00:00.000Z'): LaterChange => ({
  type: 'StudentDetailsUpdated',
  data: { studentId: 's1', changes },
  actorId,
  occurredAt,
});

describe('merging a stale student edit', () => {
  it('applies my change on top of theirs when we changed different fields', () => {
    const result = mergeStudentEdit({ seen: edit(), current: edit({ grade: '5' }), yours: edit({ notes: '<p>Hi</p>' }), since: [theirs({ grade: '5' })] });
    expect(result).toEqual({ kind: 'merged', edit: edit({ grade: '5', notes: '<p>Hi</p>' }) });
  });

  it('reports the field both of us changed, with their value, name and time', () => {
    const result = mergeStudentEdit({ seen: edit(), current: edit({ grade: '5' }), yours: edit({ grade: '6', notes: 'x' }), since: [theirs({ grade: '5' })] });
    expect(result).toEqual({ kind: 'conflict', conflicts: [{ field: 'grade', yours: '6', theirs: '5', byUserId: 'bob', at: '2025-03-01T10:00:00.000Z' }] });
  });

  it('names the last person who changed the field', () => {
    const result = mergeStudentEdit({
      seen: edit(),
      current: edit({ status: 'inactive' }),
      yours: edit({ status: 'issue' }),
      since: [theirs({ status: 'issue' }, 'bob'), theirs({ status: 'inactive' }, 'carol', '2025-03-02T00:00:00.000Z')],
    });
    expect(result).toMatchObject({ kind: 'conflict', conflicts: [{ field: 'status', byUserId: 'carol', at: '2025-03-02T00:00:00.000Z' }] });
  });

  it('is no conflict when we both chose the same value', () => {
    const result = mergeStudentEdit({ seen: edit(), current: edit({ grade: '5' }), yours: edit({ grade: '5' }), since: [theirs({ grade: '5' })] });
    expect(result).toEqual({ kind: 'merged', edit: edit({ grade: '5' }) });
  });

  it('merges assignments as sets: my additions and their removals are both kept', () => {
    const since: LaterChange[] = [{ type: 'StudentAccommodationsChanged', data: { added: ['c'], removed: ['a'] }, actorId: 'bob', occurredAt: 't' }];
    const result = mergeStudentEdit({ seen: edit({}, ['a', 'b']), current: edit({}, ['b', 'c']), yours: edit({}, ['a', 'd']), since });
    // Mine: +d, -b. Theirs: +c, -a.
    expect(result).toEqual({ kind: 'merged', edit: edit({}, ['c', 'd']) });
  });
});
