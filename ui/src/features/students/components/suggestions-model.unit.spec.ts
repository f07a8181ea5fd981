import { describe, expect, it } from 'vitest';
import type { Suggestion } from '../api/get-student-suggestions.ts';
import { suggestionsToReview, withSuggestionAdded } from './suggestions-model.ts';

const suggestion = (id: string, name: string): Suggestion => ({
  accommodation: { id, name, category: 'academic', description: null },
  reason: `3 of 4 students with Extended Time also have ${name}`,
  support: 3,
});
const quiet = suggestion('template-quiet-space', 'Quiet Space');
const breaks = suggestion('template-breaks', 'Breaks');
const library = new Set(['template-extended-time', 'template-quiet-space', 'template-breaks']);

describe('the suggestions to review', () => {
  it('leave out what the form already holds, so an added one leaves the panel and comes back when taken out', () => {
    expect(suggestionsToReview([quiet, breaks], ['template-extended-time'], library)).toEqual([quiet, breaks]);
    const added = withSuggestionAdded(['template-extended-time'], 'template-quiet-space');
    expect(added).toEqual(['template-extended-time', 'template-quiet-space']);
    expect(suggestionsToReview([quiet, breaks], added, library)).toEqual([breaks]);
    expect(suggestionsToReview([quiet, breaks], ['template-extended-time'], library)).toEqual([quiet, breaks]);
  });

  it('leave out what the library no longer has, and add each one once', () => {
    expect(suggestionsToReview([quiet, breaks], [], new Set(['template-breaks']))).toEqual([breaks]);
    expect(withSuggestionAdded(['template-quiet-space'], 'template-quiet-space')).toEqual(['template-quiet-space']);
  });
});
