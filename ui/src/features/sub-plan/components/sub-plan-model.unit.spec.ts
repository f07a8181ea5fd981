import { describe, expect, it } from 'vitest';
import type { SubPlanEntry } from '../api/get-sub-plan.ts';
import { orderSubPlan, sharedByNames } from './sub-plan-model.ts';

const entry = (name: string, by: string, accommodations: [string, string][]): SubPlanEntry => ({
  student: { id: name, name, grade: '3', status: 'active' },
  accommodations: accommodations.map(([accommodation, status]) => ({ id: accommodation, name: accommodation, category: null, status })),
  reviewDate: null,
  sharedBy: { id: by, name: by },
});

describe('the sub plan sheet', () => {
  it('lists students by name, each with active accommodations first', () => {
    const ordered = orderSubPlan([
      entry('Zoe K.', 'Ms. Park', [['Breaks', 'active']]),
      entry('Ava S.', 'Mr. Lee', [['Small Group', 'paused'], ['Extended Time', 'active'], ['Breaks', 'active']]),
    ]);
    expect(ordered.map((e) => e.student.name)).toEqual(['Ava S.', 'Zoe K.']);
    expect(ordered[0]?.accommodations.map((a) => a.name)).toEqual(['Breaks', 'Extended Time', 'Small Group']);
  });

  it('names each sharing teacher once', () => {
    expect(sharedByNames([entry('A', 'Mr. Lee', []), entry('B', 'Ms. Park', []), entry('C', 'Mr. Lee', [])])).toEqual(['Mr. Lee', 'Ms. Park']);
  });
});
