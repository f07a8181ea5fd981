import { describe, expect, it } from 'vitest';
import { classSummary, termSummary } from './class-summary.ts';

describe('a class’s term, as its card shows it', () => {
  it('reads as a range, or the one date known, or nothing', () => {
    expect(termSummary({ termStart: '2026-08-24', termEnd: '2027-01-15' })).toBe('Term: Aug 24, 2026 – Jan 15, 2027');
    expect(termSummary({ termStart: '2026-08-24', termEnd: null })).toBe('Term starts Aug 24, 2026');
    expect(termSummary({ termStart: null, termEnd: '2027-01-15' })).toBe('Term ends Jan 15, 2027');
    expect(termSummary({ termStart: null, termEnd: null })).toBeNull();
  });
});

describe('classSummary: a room typed with its word', () => {
  it('reads Room 112, not Room Room 112', () => {
    expect(classSummary({ period: 'Period 2', subject: null, room: 'Room 112' }, 1)).toBe('Period 2 · Room 112 · 1 student');
  });
});
