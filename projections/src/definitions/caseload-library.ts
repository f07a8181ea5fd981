import type { AccommodationEvent } from '@accommodate/shared-events/events/accommodation-events';
import type { EnvelopeOf } from '@accommodate/shared-events/domain/event-types';
import { categoryOf } from '@accommodate/shared-events/config/accommodation-categories';
import type { StudentAccommodation } from '@accommodate/shared-events/schemas/student';
import { CASELOAD_ACCOMMODATIONS, STUDENTS, type CaseloadAccommodationDoc, type StudentDoc } from '../queries/caseload-schema.ts';
import type { ProjectionContext } from './projection.ts';
import { announce } from './caseload-changes.ts';

/** Assignments made through the form are active; other statuses are shown as given (spec section 4). */
const ASSIGNED_STATUS = 'active';

function assignedAccommodation(accommodation: CaseloadAccommodationDoc): StudentAccommodation {
  return {
    id: accommodation.id,
    name: accommodation.name,
    // Spec: an accommodation without a category falls back to the one derived from its name.
    category: categoryOf(accommodation),
    description: accommodation.description,
    status: ASSIGNED_STATUS,
  };
}

/** The assigned ids the library still holds, in assignment order; removed library entries drop out. */
export async function resolveAccommodations(
  context: ProjectionContext,
  ids: readonly string[],
): Promise<{ accommodationIds: string[]; accommodations: StudentAccommodation[] }> {
  const accommodationIds: string[] = [];
  const accommodations: StudentAccommodation[] = [];
  for (const id of ids) {
    const accommodation = await context.get<CaseloadAccommodationDoc>(CASELOAD_ACCOMMODATIONS, id);
    if (!accommodation) continue;
    accommodationIds.push(id);
    accommodations.push(assignedAccommodation(accommodation));
  }
  return { accommodationIds, accommodations };
}

/** Library changes: keep the private copy, and refresh the names shown on every student that has it. */
export async function applyAccommodationEvent(event: EnvelopeOf<AccommodationEvent>, context: ProjectionContext): Promise<void> {
  const id = event.data.accommodationId;
  if (event.type === 'AccommodationAdded' || event.type === 'AccommodationUpdated') {
    const { name, category, description } = event.data;
    context.put<CaseloadAccommodationDoc>(CASELOAD_ACCOMMODATIONS, { id, name, category, description });
  } else {
    context.delete(CASELOAD_ACCOMMODATIONS, id);
  }
  if (event.type === 'AccommodationAdded') return;

  for (const student of await context.find<StudentDoc>(STUDENTS, { accommodationIds: id })) {
    context.put<StudentDoc>(STUDENTS, { ...student, ...(await resolveAccommodations(context, student.accommodationIds)) });
    announce(context, event, { entity: 'student', id: student.id, studentId: student.id, revision: student.revision }, student.viewerIds);
  }
}
