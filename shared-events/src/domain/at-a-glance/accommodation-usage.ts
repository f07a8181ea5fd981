import type { AccommodationRef, AccommodationUsage } from '../../schemas/at-a-glance.ts';
import type { StudentAccommodation } from '../../schemas/student.ts';

export interface StudentAtAGlance {
  id: string;
  name: string;
  grade: string;
  accommodations: readonly StudentAccommodation[];
}

/** What a teacher carries out today: an inactive accommodation stays on the record but is not counted. */
export const accommodationsInForce = (student: Pick<StudentAtAGlance, 'accommodations'>): AccommodationRef[] =>
  student.accommodations
    .filter((accommodation) => accommodation.status === 'active')
    .map(({ id, name, category }) => ({ id, name, category }));

const byName = <T extends { name: string; id: string }>(a: T, b: T) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/**
 * Grouping by type: for each accommodation some student has in force, those students (by name), most common
 * accommodation first ('Extended Time: 12 students'), ties by name.
 */
export function accommodationUsage(students: readonly StudentAtAGlance[]): AccommodationUsage[] {
  const usage = new Map<string, AccommodationUsage>();
  for (const student of [...students].sort(byName)) {
    // A student counts once per accommodation, however often the record lists it.
    const counted = new Set<string>();
    for (const accommodation of accommodationsInForce(student)) {
      if (counted.has(accommodation.id)) continue;
      counted.add(accommodation.id);
      const entry = usage.get(accommodation.id) ?? { accommodation, count: 0, students: [] };
      entry.students.push({ id: student.id, name: student.name, grade: student.grade });
      entry.count = entry.students.length;
      usage.set(accommodation.id, entry);
    }
  }
  return [...usage.values()].sort((a, b) => b.count - a.count || byName(a.accommodation, b.accommodation));
}
