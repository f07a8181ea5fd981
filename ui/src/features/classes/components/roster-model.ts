import { ACCOMMODATION_CATEGORIES, CATEGORY_COLORS, categoryLabel, categoryOf, type AccommodationCategory } from '@accommodate/shared-events/config/accommodation-categories';
import { COMPARE_MAX, COMPARE_MIN } from '@accommodate/shared-events/schemas/at-a-glance';
import type { RosterStudent } from '../api/get-classes.ts';

export interface RosterColumnGroup {
  category: AccommodationCategory;
  label: string;
  color: string;
  accommodations: { id: string; name: string }[];
}

export type RosterSort = 'name' | 'count';

/** Compare takes 2 to 4 students, the API's limits. */
export const mayCompare = (tickedCount: number): boolean => tickedCount >= COMPARE_MIN && tickedCount <= COMPARE_MAX;

/** What a student needs in class: the accommodations in force (an inactive one is not carried out today). */
export const activeAccommodations = (row: RosterStudent) => row.accommodations.filter((accommodation) => accommodation.status === 'active');

/** The matrix's columns: every accommodation some student on the roster has, grouped by category in the spec's order. */
export function rosterColumns(rows: readonly RosterStudent[]): RosterColumnGroup[] {
  const byCategory = new Map<AccommodationCategory, Map<string, string>>();
  for (const row of rows) {
    for (const accommodation of activeAccommodations(row)) {
      const category = categoryOf(accommodation);
      const names = byCategory.get(category) ?? new Map<string, string>();
      names.set(accommodation.id, accommodation.name);
      byCategory.set(category, names);
    }
  }
  return ACCOMMODATION_CATEGORIES.flatMap((category) => {
    const names = byCategory.get(category);
    if (!names) return [];
    const accommodations = [...names].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
    return [{ category, label: categoryLabel(category), color: CATEGORY_COLORS[category], accommodations }];
  });
}

/**
 * The rows as the teacher asked: by name, or those needing the most first; 'Needs today' hides the students with
 * no accommodation in force.
 */
export function arrangeRoster(rows: readonly RosterStudent[], sort: RosterSort, needsTodayOnly: boolean): RosterStudent[] {
  const shown = needsTodayOnly ? rows.filter((row) => activeAccommodations(row).length > 0) : [...rows];
  const byName = (a: RosterStudent, b: RosterStudent) => a.student.name.localeCompare(b.student.name) || a.student.id.localeCompare(b.student.id);
  return shown.sort(sort === 'count' ? (a, b) => activeAccommodations(b).length - activeAccommodations(a).length || byName(a, b) : byName);
}
