import { describe, expect, it } from 'vitest';
import type { RosterStudent } from '../api/get-classes.ts';
import { arrangeRoster, mayCompare, rosterColumns } from './roster-model.ts';

const row = (name: string, ...accommodations: [string, string | null, string?][]): RosterStudent => ({
  student: { id: name.toLowerCase(), name, grade: '4', status: 'active' },
  accommodations: accommodations.map(([id, category, status]) => ({ id, name: id, category, status: status ?? 'active' })),
  plan: null,
});
const rows = [
  row('Cara', ['Preferential Seating', 'behavioral'], ['Extended Time', 'academic']),
  row('Abe'),
  row('Ben', ['Visual Schedule', null], ['Quiet Space', 'academic'], ['Old Plan', 'custom', 'inactive']),
];

describe('the class roster', () => {
  it('has a column per accommodation in force, grouped by category in the spec’s order with its colour', () => {
    expect(rosterColumns(rows)).toEqual([
      { category: 'academic', label: 'Academic', color: '#4f46e5', accommodations: [{ id: 'Extended Time', name: 'Extended Time' }, { id: 'Quiet Space', name: 'Quiet Space' }] },
      { category: 'behavioral', label: 'Behavioral', color: '#b91c1c', accommodations: [{ id: 'Preferential Seating', name: 'Preferential Seating' }] },
      // No category of its own: derived from the name, as the student list does.
      { category: 'organizational', label: 'Organizational', color: '#b45309', accommodations: [{ id: 'Visual Schedule', name: 'Visual Schedule' }] },
    ]);
  });

  it('sorts by name or by number of accommodations, and "Needs today" hides students with none', () => {
    expect(arrangeRoster(rows, 'name', false).map((r) => r.student.name)).toEqual(['Abe', 'Ben', 'Cara']);
    expect(arrangeRoster(rows, 'count', false).map((r) => r.student.name)).toEqual(['Ben', 'Cara', 'Abe']);
    expect(arrangeRoster(rows, 'name', true).map((r) => r.student.name)).toEqual(['Ben', 'Cara']);
  });

  it('offers Compare for 2 to 4 ticked students only', () => {
    expect([0, 1, 2, 3, 4, 5].map(mayCompare)).toEqual([false, false, true, true, true, false]);
  });
});
