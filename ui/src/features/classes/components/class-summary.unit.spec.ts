import { describe, expect, it } from 'vitest';
import { termSummary } from './class-summary.ts';

describe('a class’s term, as its card shows it', () => {
  it('reads as a range, or the one date known, or nothing', () => {
    expect(termSummary({ termStart: '2026-08-24', termEnd: '2027-01-15' })).toBe('Term: Aug 24, 2026 – Jan 15, 2027');
    expect(termSummary({ termStart: '2026-08-24', termEnd: null })).toBe('Term starts Aug 24, 2026');
    expect(termSummary({ termStart: null, termEnd: '2027-01-15' })).toBe('Term ends Jan 15, 2027');
    expect(termSummary({ termStart: null, termEnd: null })).toBeNull();
  });
});
