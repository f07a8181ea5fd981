import { describe, expect, it } from 'vitest';
import { matchStudents } from './student-search-match.ts';

const students = [
  { id: '1', name: 'Ava M.', grade: '3' },
  { id: '2', name: 'Dave K.', grade: '5' },
  { id: '3', name: 'Liam R.', grade: 'K' },
];

describe('student search', () => {
  it('matches names case-insensitively anywhere in the name', () => {
    expect(matchStudents(students, 'AV').map((s) => s.name)).toEqual(['Ava M.', 'Dave K.']);
  });

  it('does not search below two trimmed characters', () => {
    expect(matchStudents(students, ' a ')).toEqual([]);
  });

  it('finds nothing for an unknown name', () => {
    expect(matchStudents(students, 'zz')).toEqual([]);
  });
});
