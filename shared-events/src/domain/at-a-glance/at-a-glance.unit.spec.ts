import { describe, expect, it } from 'vitest';
import { accommodationUsage } from './accommodation-usage.ts';
import { compareStudents } from './student-comparison.ts';
import type { ComparedStudent } from '../../schemas/at-a-glance.ts';

const extended = { id: 'a-ext', name: 'Extended Time', category: 'academic' };
const breaks = { id: 'a-brk', name: 'Movement Breaks', category: 'behavioral' };
const seating = { id: 'a-seat', name: 'Preferential Seating', category: 'behavioral' };
const active = (ref: typeof extended) => ({ ...ref, description: null, status: 'active' });

describe('accommodation usage (group by type)', () => {
  it('lists the most common accommodation first, each with its students by name', () => {
    const usage = accommodationUsage([
      { id: 's2', name: 'Zoe Z.', grade: '5', accommodations: [active(extended)] },
      { id: 's1', name: 'Ana A.', grade: '4', accommodations: [active(extended), active(breaks)] },
      { id: 's3', name: 'Ben B.', grade: '4', accommodations: [active(seating)] },
    ]);
    expect(usage.map((entry) => [entry.accommodation.name, entry.count])).toEqual([
      ['Extended Time', 2],
      ['Movement Breaks', 1],
      ['Preferential Seating', 1],
    ]);
    expect(usage[0]?.students).toEqual([{ id: 's1', name: 'Ana A.', grade: '4' }, { id: 's2', name: 'Zoe Z.', grade: '5' }]);
  });

  it('counts only accommodations in force, and a student once', () => {
    const usage = accommodationUsage([
      { id: 's1', name: 'Ana A.', grade: '4', accommodations: [{ ...active(extended), status: 'inactive' }, active(breaks), active(breaks)] },
    ]);
    expect(usage).toEqual([{ accommodation: breaks, count: 1, students: [{ id: 's1', name: 'Ana A.', grade: '4' }] }]);
  });
});

describe('comparing students', () => {
  const student = (id: string, accommodations: (typeof extended)[]): ComparedStudent => ({ id, name: id, grade: '4', status: 'active', plan: null, accommodations });

  it('shares what every student has, and keeps for each what no other has', () => {
    const comparison = compareStudents([student('s1', [extended, breaks]), student('s2', [extended, seating]), student('s3', [extended, seating])]);
    expect(comparison.shared).toEqual([extended]);
    // Seating is held by two of three: neither shared by all nor one student's alone.
    expect(comparison.only).toEqual({ s1: [breaks], s2: [], s3: [] });
    expect(comparison.students.map((compared) => compared.id)).toEqual(['s1', 's2', 's3']);
  });
});
