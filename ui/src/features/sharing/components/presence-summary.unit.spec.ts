import { describe, expect, it } from 'vitest';
import { presenceSummary } from './presence-summary.ts';

const person = (name: string, mode: 'viewing' | 'editing') => ({ userId: name, name, mode });

describe('who else is here, in words', () => {
  it('names one person and what they do', () => {
    expect(presenceSummary([person('Blair Coteacher', 'viewing')])).toBe('Blair Coteacher is viewing');
  });

  it('puts editors first and groups people by what they do', () => {
    expect(presenceSummary([person('Alex Owner', 'viewing'), person('Blair Coteacher', 'editing'), person('Sam Sub', 'viewing')])).toBe(
      'Blair Coteacher is editing; Alex Owner and Sam Sub are viewing',
    );
  });

  it('counts the rest of a crowd', () => {
    const crowd = ['A', 'B', 'C', 'D'].map((name) => person(name, 'viewing'));
    expect(presenceSummary(crowd)).toBe('A, B and 2 others are viewing');
    expect(presenceSummary(crowd.slice(0, 3))).toBe('A, B and 1 other are viewing');
  });
});
