import type { StudentEvent } from '@accommodate/shared-events/events/student-events';
import type { EnvelopeOf } from '@accommodate/shared-events/domain/event-types';
import { evolveStudent, initialStudentState, type StudentState } from '@accommodate/shared-events/domain/student/student';
import { displayName, type StudentDetails } from '@accommodate/shared-events/schemas/student';
import { DOCUMENTS, PLANS, SHARES, STUDENTS, type DocumentDoc, type PlanDoc, type ShareDoc, type StudentDoc } from '../queries/caseload-schema.ts';
import type { ProjectionContext } from './projection.ts';
import { alreadyApplied, announce } from './caseload-changes.ts';
import { resolveAccommodations } from './caseload-library.ts';
import { applyShareEvent } from './caseload-shares.ts';
import { refreshAudienceOnce } from './caseload-audience.ts';

const detailsOf = ({ firstName, lastInitial, grade, status, birthdate, parentName, parentEmail, parentNotes, notes }: StudentDoc): StudentDetails =>
  ({ firstName, lastInitial, grade, status, birthdate, parentName, parentEmail, parentNotes, notes });

/** The read model's student as the domain's state, so the one `evolveStudent` decides what an event changes. */
const stateOf = (doc: StudentDoc): StudentState => ({
  status: 'present',
  ownerId: doc.ownerId,
  details: detailsOf(doc),
  accommodationIds: doc.accommodationIds,
  // Absent on documents from before archiving.
  archived: doc.archived === true,
  schoolId: doc.schoolId ?? null,
  caseManagerId: doc.caseManagerId ?? null,
  rolledOverTo: doc.rolledOverTo ?? null,
});

/** The student's own events (shares go to caseload-shares.ts): its document, folded with `evolveStudent`. */
export async function applyStudentEvent(event: EnvelopeOf<StudentEvent>, context: ProjectionContext): Promise<void> {
  const id = event.data.studentId;
  const existing = await context.get<StudentDoc>(STUDENTS, id);
  if (alreadyApplied(existing, event)) return;
  const changed = { updatedAt: event.occurredAt, revision: event.revision };

  if (event.type === 'StudentAdded') {
    const added = evolveStudent(initialStudentState(), event);
    if (existing || added.status !== 'present') return;
    const { ownerId, details, schoolId, caseManagerId } = added;
    const doc: StudentDoc = {
      id,
      ownerId,
      ...details,
      name: displayName(details),
      accommodationIds: [],
      accommodations: [],
      archived: false,
      schoolId,
      caseManagerId,
      createdAt: event.occurredAt,
      ...changed,
      // A school's student (no owner) is reached through its school only: refreshed below.
      viewerIds: ownerId === null ? [] : [ownerId],
      editorIds: ownerId === null ? [] : [ownerId],
      roles: ownerId === null ? {} : { [ownerId]: { role: 'owner', expiresAt: null, sharedById: null } },
    };
    context.put<StudentDoc>(STUDENTS, doc);
    // A school's student is seen by its coordinators and admins from the start: they hear of it then.
    if (schoolId !== null) return refreshAudienceOnce(id, event, context);
    announce(context, event, { entity: 'student', id, studentId: id, revision: event.revision }, doc.viewerIds);
    return;
  }
  if (!existing) return;

  switch (event.type) {
    case 'StudentDetailsUpdated':
    case 'StudentPromoted':
    case 'StudentGraduated':
    case 'StudentMovedUp': {
      const next = evolveStudent(stateOf(existing), event);
      if (next.status !== 'present') return;
      context.put<StudentDoc>(STUDENTS, { ...existing, ...next.details, name: displayName(next.details), rolledOverTo: next.rolledOverTo, ...changed });
      break;
    }
    case 'StudentAccommodationsChanged': {
      const next = evolveStudent(stateOf(existing), event);
      if (next.status !== 'present') return;
      context.put<StudentDoc>(STUDENTS, { ...existing, ...(await resolveAccommodations(context, next.accommodationIds)), ...changed });
      break;
    }
    case 'StudentArchived':
    case 'StudentRestored': {
      const next = evolveStudent(stateOf(existing), event);
      if (next.status !== 'present') return;
      context.put<StudentDoc>(STUDENTS, { ...existing, archived: next.archived, ...changed });
      break;
    }
    case 'StudentDeleted': {
      context.delete(STUDENTS, id);
      for (const plan of await context.find<PlanDoc>(PLANS, { studentId: id })) context.delete(PLANS, plan.id);
      for (const document of await context.find<DocumentDoc>(DOCUMENTS, { studentId: id })) context.delete(DOCUMENTS, document.id);
      for (const share of await context.find<ShareDoc>(SHARES, { studentId: id })) context.delete(SHARES, share.id);
      break;
    }
    case 'StudentSchoolChanged':
    case 'StudentCaseManagerAssigned':
    case 'StudentHandedOver': {
      // Who reaches the student through a school changes: the old audience hears of it too (and gets 404 on refetch).
      const next = evolveStudent(stateOf(existing), event);
      if (next.status !== 'present') return;
      context.put<StudentDoc>(STUDENTS, { ...existing, ownerId: next.ownerId, schoolId: next.schoolId, caseManagerId: next.caseManagerId, ...changed });
      return refreshAudienceOnce(id, event, context);
    }
    // A hold shows nowhere in the caseload, but it is a change of the record: the revision moves with it, so the ETag
    // served is the revision a DELETE or PUT is checked against.
    case 'StudentLegalHoldPlaced':
    case 'StudentLegalHoldLifted':
      context.put<StudentDoc>(STUDENTS, { ...existing, ...changed });
      break;
    case 'StudentShared':
    case 'ShareActivated':
    case 'ShareRevoked':
    case 'ShareExpired':
    case 'StudentOwnershipTransferred':
      return applyShareEvent(event, existing, context);
  }
  announce(context, event, { entity: 'student', id, studentId: id, revision: event.revision }, existing.viewerIds);
}
