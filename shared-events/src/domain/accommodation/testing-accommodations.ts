import { categoryOf } from '../../config/accommodation-categories.ts';
import type { StudentAccommodation } from '../../schemas/student.ts';
import type { TestingListRow } from '../../schemas/testing-accommodations.ts';

/** A student as the testing lists need it: who, and what their record assigns now. */
export interface TestingCandidate {
  id: string;
  name: string;
  grade: string;
  accommodations: readonly StudentAccommodation[];
}

/**
 * The testing coordinator's list: each student with the accommodations of theirs that apply to state and
 * district tests, by name; a student with none is left out, since the list discloses whom it names.
 */
export function testingList(students: readonly TestingCandidate[], appliesToTests: (accommodationId: string) => boolean): TestingListRow[] {
  return students
    .map((student) => ({
      student: { id: student.id, name: student.name, grade: student.grade },
      accommodations: student.accommodations
        .filter((accommodation) => appliesToTests(accommodation.id))
        .map(({ id, name, category, description }) => ({ id, name, category: categoryOf({ name, category }), description: description ?? null })),
    }))
    .filter((row) => row.accommodations.length > 0)
    .sort((a, b) => a.student.name.localeCompare(b.student.name) || a.student.id.localeCompare(b.student.id));
}
