import { describe, expect, it } from 'vitest';
import { testingList } from './testing-accommodations.ts';

const accommodation = (id: string, name: string) => ({ id, name, category: 'academic', description: null, status: 'active' });
const extendedTime = accommodation('template-extended-time', 'Extended Time');
const fidgets = accommodation('template-fidget-tools', 'Fidget Tools');
const forTests = new Set(['template-extended-time']);

describe('the testing coordinator’s list', () => {
  it('keeps each student’s accommodations that apply to tests, by student name, and leaves out students with none', () => {
    const rows = testingList(
      [
        { id: 's2', name: 'Zoe A.', grade: '7', accommodations: [fidgets, extendedTime] },
        { id: 's1', name: 'Ava M.', grade: '5', accommodations: [extendedTime] },
        { id: 's3', name: 'Ben C.', grade: '6', accommodations: [fidgets] },
      ],
      (id) => forTests.has(id),
    );
    expect(rows).toEqual([
      { student: { id: 's1', name: 'Ava M.', grade: '5' }, accommodations: [{ id: extendedTime.id, name: 'Extended Time', category: 'academic', description: null }] },
      { student: { id: 's2', name: 'Zoe A.', grade: '7' }, accommodations: [{ id: extendedTime.id, name: 'Extended Time', category: 'academic', description: null }] },
    ]);
  });
});
