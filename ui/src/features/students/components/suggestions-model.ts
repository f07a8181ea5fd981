import type { Suggestion } from '../api/get-student-suggestions.ts';

/**
 * What the panel still offers: neither what the form already holds (so an added suggestion leaves the panel, and
 * comes back if it is taken out again) nor what the picker cannot show (a library changed since they were counted).
 */
export const suggestionsToReview = (suggestions: readonly Suggestion[], chosen: readonly string[], libraryIds: ReadonlySet<string>): Suggestion[] =>
  suggestions.filter(({ accommodation }) => libraryIds.has(accommodation.id) && !chosen.includes(accommodation.id));

/** The form's accommodations with one suggestion added, once, at the end (where the picker adds a ticked one). */
export const withSuggestionAdded = (chosen: readonly string[], accommodationId: string): string[] => [
  ...chosen.filter((id) => id !== accommodationId),
  accommodationId,
];
