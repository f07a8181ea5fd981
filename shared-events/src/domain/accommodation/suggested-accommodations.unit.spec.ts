import { describe, expect, it } from 'vitest';
import { MAX_SUGGESTIONS, suggestAccommodations, suggestionReason } from './suggested-accommodations.ts';

const named = (id: string) => ({ id, name: id.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()) });
const extendedTime = named('extended-time');
const quietSpace = named('quiet-space');
const breaks = named('breaks');
const library = ['extended-time', 'quiet-space', 'breaks', 'small-group', 'fidget-tools', 'reading-aloud', 'calculator-use', 'visual-schedule'].map(named);

/** `count` students, each with the given accommodation ids. */
const students = (count: number, ...ids: string[]): string[][] => Array.from({ length: count }, () => ids);

const reasons = (input: Parameters<typeof suggestAccommodations>[0]) => suggestAccommodations(input).map(suggestionReason);

describe('suggested accommodations', () => {
  it('suggests what most students with the same accommodation also have, with the counts as its reason', () => {
    const caseload = [...students(8, 'extended-time', 'quiet-space'), ...students(2, 'extended-time'), ...students(5, 'breaks')];
    const suggestions = suggestAccommodations({ has: [extendedTime], caseload, candidates: library });
    expect(suggestions).toEqual([{ accommodation: quietSpace, basedOn: extendedTime, together: 8, withBasis: 10 }]);
    expect(suggestions.map(suggestionReason)).toEqual(['8 of 10 students with Extended Time also have Quiet Space']);
  });

  it('never suggests what the student already has', () => {
    const caseload = students(6, 'extended-time', 'quiet-space');
    expect(suggestAccommodations({ has: [extendedTime, quietSpace], caseload, candidates: library })).toEqual([]);
  });

  it('gives nothing on a caseload too small to show a pattern (fewer than 3 students together)', () => {
    expect(suggestAccommodations({ has: [extendedTime], caseload: students(2, 'extended-time', 'quiet-space'), candidates: library })).toEqual([]);
    expect(reasons({ has: [extendedTime], caseload: students(3, 'extended-time', 'quiet-space'), candidates: library })).toEqual([
      '3 of 3 students with Extended Time also have Quiet Space',
    ]);
  });

  it('leaves out what only a minority of those students have', () => {
    const caseload = [...students(4, 'extended-time', 'quiet-space'), ...students(5, 'extended-time')];
    expect(suggestAccommodations({ has: [extendedTime], caseload, candidates: library })).toEqual([]);
  });

  it('gives nothing to a student with no accommodations yet: there is nothing to go with', () => {
    expect(suggestAccommodations({ has: [], caseload: students(10, 'extended-time', 'quiet-space'), candidates: library })).toEqual([]);
  });

  it('lists the most supported first, at most five, each once with its strongest reason', () => {
    const caseload = [
      ...students(9, 'extended-time', 'quiet-space', 'small-group', 'fidget-tools', 'calculator-use', 'visual-schedule'),
      ...students(3, 'extended-time', 'visual-schedule'),
      ...students(4, 'breaks', 'small-group', 'reading-aloud'),
      ...students(4, 'breaks'),
    ];
    const suggestions = suggestAccommodations({ has: [extendedTime, breaks], caseload, candidates: library });
    expect(suggestions).toHaveLength(MAX_SUGGESTIONS);
    expect(suggestions[0]).toMatchObject({ accommodation: named('visual-schedule'), together: 12, withBasis: 12 });
    // Small Group goes with both; Extended Time (9 of 12) is the stronger reason than Breaks (4 of 8).
    expect(suggestions.filter((s) => s.accommodation.id === 'small-group')).toEqual([
      { accommodation: named('small-group'), basedOn: extendedTime, together: 9, withBasis: 12 },
    ]);
    expect(suggestions.map((s) => s.together)).toEqual([12, 9, 9, 9, 9]);
    // Reading Aloud (4 of 8 with Breaks) would be the sixth.
    expect(suggestions.map((s) => s.accommodation.id)).not.toContain('reading-aloud');
  });

  it('suggests only what the caller can add: accommodations outside their library are left out', () => {
    const caseload = students(5, 'extended-time', 'someone-elses-custom');
    expect(suggestAccommodations({ has: [extendedTime], caseload, candidates: library })).toEqual([]);
  });
});
