export const ACCOMMODATION_CATEGORIES = ['academic', 'behavioral', 'organizational', 'custom'] as const;
export type AccommodationCategory = (typeof ACCOMMODATION_CATEGORIES)[number];

/**
 * Spec section 3: where an accommodation carries no category, it is derived from
 * its name by case-insensitive substring match; anything unmatched is custom.
 */
const DERIVED_CATEGORY_KEYWORDS: ReadonlyArray<[AccommodationCategory, readonly string[]]> = [
  ['academic', ['extended time', 'small group', 'quiet space', 'reading aloud', 'calculator use']],
  ['behavioral', ['breaks', 'preferential seating', 'behavior plan', 'check-in/check-out']],
  ['organizational', ['assignment checklist', 'visual schedule', 'reduced homework']],
];

export function deriveCategory(name: string): AccommodationCategory {
  const lower = name.toLowerCase();
  for (const [category, keywords] of DERIVED_CATEGORY_KEYWORDS) {
    if (keywords.some((keyword) => lower.includes(keyword))) return category;
  }
  return 'custom';
}

export function categoryOf(accommodation: { name: string; category?: string | null }): AccommodationCategory {
  const given = accommodation.category;
  if (given && (ACCOMMODATION_CATEGORIES as readonly string[]).includes(given)) return given as AccommodationCategory;
  return deriveCategory(accommodation.name);
}

/** Spec colours: academic indigo, behavioral red, organizational amber, custom green. */
export const CATEGORY_COLORS: Record<AccommodationCategory, string> = {
  academic: '#4f46e5',
  behavioral: '#b91c1c',
  // Darker amber and green than Tailwind's 600s: white tag text needs 4.5:1 (WCAG 2.1 AA).
  organizational: '#b45309',
  custom: '#15803d',
};
export const DEFAULT_CATEGORY_COLOR = '#6b7280';

/** A category as the screens name it: 'Academic'; an accommodation without one is 'Uncategorized'. */
export const categoryLabel = (category: string | null | undefined): string =>
  category ? category.charAt(0).toUpperCase() + category.slice(1) : 'Uncategorized';

/** Groups in the library's category order, each alphabetically, missing categories derived: for the PDF and the printout. */
export function groupByCategory<A extends { name: string; category?: string | null }>(accommodations: readonly A[]): Array<[AccommodationCategory, A[]]> {
  const groups = new Map<AccommodationCategory, A[]>(ACCOMMODATION_CATEGORIES.map((category) => [category, []]));
  for (const accommodation of accommodations) groups.get(categoryOf(accommodation))?.push(accommodation);
  return [...groups.entries()]
    .filter(([, members]) => members.length > 0)
    .map(([category, members]) => [category, [...members].sort((a, b) => a.name.localeCompare(b.name))]);
}
