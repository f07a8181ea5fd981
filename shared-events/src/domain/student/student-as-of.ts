import type { EventEnvelope } from '../../events/envelope.ts';
import { displayName, type Student, type StudentAccommodation } from '../../schemas/student.ts';
import { libraryAsOf, type AccommodationStreams } from '../accommodation/library-as-of.ts';
import { evolveStudent, initialStudentState, isStudentEvent } from './student.ts';

/** The student as it was then: the same fields as a student read now, less how the viewer reaches it. */
export type StudentAsOf = Omit<Student, 'access' | 'sharedBy'>;

/**
 * The student as it was at `asOf` (ISO), or null when it did not exist then (not yet added, or deleted): its
 * stream up to then, folded with the one `evolveStudent`. `updatedAt` and `revision` are those of the last
 * change to the record itself; shares change who sees it, not the record.
 */
export function studentAsOf(events: readonly EventEnvelope[], asOf: string): StudentAsOf | null {
  let state = initialStudentState();
  let id = '';
  let createdAt = '';
  let changed = { updatedAt: '', revision: -1 };
  for (const event of events) {
    if (event.occurredAt > asOf || !isStudentEvent(event)) continue;
    state = evolveStudent(state, event);
    if (event.type === 'StudentAdded') {
      id = event.data.studentId;
      createdAt = event.occurredAt;
    }
    if (event.type === 'StudentAdded' || event.type === 'StudentDetailsUpdated' || event.type === 'StudentAccommodationsChanged') {
      changed = { updatedAt: event.occurredAt, revision: event.revision };
    }
  }
  if (state.status !== 'present') return null;
  const { updatedAt, revision } = changed;
  const { ownerId, details } = state;
  const { archived } = state;
  return { ownerId, ...details, id, accommodationIds: [...state.accommodationIds], createdAt, updatedAt, revision, name: displayName(details), archived };
}

/**
 * The student as it was at `asOf` with its accommodations as they read then: each replayed from its own events, not
 * named as the library names it now.
 */
export function studentWithAccommodationsAsOf(
  events: readonly EventEnvelope[],
  accommodations: AccommodationStreams,
  asOf: string,
): (StudentAsOf & { accommodations: StudentAccommodation[] }) | null {
  const student = studentAsOf(events, asOf);
  if (!student) return null;
  const library = libraryAsOf(accommodations, student.accommodationIds, asOf);
  return { ...student, accommodations: student.accommodationIds.flatMap((id) => library.get(id) ?? []) };
}

/** Who was the student's case manager (a staff member's user id) at `asOf`, by the same fold; null for none. */
export function caseManagerIdAsOf(events: readonly EventEnvelope[], asOf: string): string | null {
  let state = initialStudentState();
  for (const event of events) if (event.occurredAt <= asOf && isStudentEvent(event)) state = evolveStudent(state, event);
  return state.status === 'present' ? state.caseManagerId : null;
}
