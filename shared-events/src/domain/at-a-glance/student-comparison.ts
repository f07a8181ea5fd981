import type { AccommodationRef, ComparedStudent, StudentComparison } from '../../schemas/at-a-glance.ts';

const byName = (a: AccommodationRef, b: AccommodationRef) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/**
 * Students side by side: the accommodations every one of them has, and for each student those no other compared
 * student has. One that some but not all share is in neither list, and shows in the students' own columns.
 */
export function compareStudents(students: readonly ComparedStudent[]): StudentComparison {
  const holders = new Map<string, { accommodation: AccommodationRef; studentIds: Set<string> }>();
  for (const student of students) {
    for (const accommodation of student.accommodations) {
      const entry = holders.get(accommodation.id) ?? { accommodation, studentIds: new Set<string>() };
      entry.studentIds.add(student.id);
      holders.set(accommodation.id, entry);
    }
  }
  const entries = [...holders.values()];
  const shared = entries.filter((entry) => entry.studentIds.size === students.length).map((entry) => entry.accommodation);
  const only: Record<string, AccommodationRef[]> = {};
  for (const student of students) {
    only[student.id] = entries
      .filter((entry) => entry.studentIds.size === 1 && entry.studentIds.has(student.id))
      .map((entry) => entry.accommodation)
      .sort(byName);
  }
  return { students: [...students], shared: shared.sort(byName), only };
}
