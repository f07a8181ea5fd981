import { STUDENT_EVENTS, type StudentEvent } from '../../events/student-events.ts';
import type { StudentDetails } from '../../schemas/student.ts';
import { isEventOf, typesOf } from '../event-types.ts';
import { withChanges } from '../changes.ts';

/** The form's fields as stored; optional ones are null when empty. */
export type { StudentDetails };

export type StudentState =
  | { status: 'absent' }
  | {
      status: 'present';
      /** Null: the school's student (imported from the SIS), reached through the school's roles, owned by nobody. */
      ownerId: string | null;
      details: StudentDetails;
      accommodationIds: string[];
      /** Beyond the free limit after the owner's Premium ended: kept, read-only, until they upgrade again. */
      archived: boolean;
      /** The school it belongs to, or null for an independent teacher's student. */
      schoolId: string | null;
      /** The staff member of its school responsible for its plan, or null. */
      caseManagerId: string | null;
      /** The school year the last year-end rollover moved it into, or null. */
      rolledOverTo: string | null;
      /** On legal hold (retention): never erased while held. Absent or null: not held. */
      legalHold?: { reason: string; placedBy: string } | null;
    }
  | { status: 'deleted' };

/** Every event of the student stream: its own, and the shares that live in it (sharing/). */
export const STUDENT_EVENT_TYPES = typesOf(STUDENT_EVENTS);
export const isStudentEvent = isEventOf<StudentEvent>(STUDENT_EVENT_TYPES);

export const initialStudentState = (): StudentState => ({ status: 'absent' });

export function evolveStudent(state: StudentState, event: StudentEvent): StudentState {
  switch (event.type) {
    case 'StudentAdded': {
      const { studentId: _id, ownerId, schoolId, ...details } = event.data;
      return { status: 'present', ownerId, details, accommodationIds: [], archived: false, schoolId: schoolId ?? null, caseManagerId: null, rolledOverTo: null };
    }
    case 'StudentDetailsUpdated': {
      if (state.status !== 'present') return state;
      return { ...state, details: withChanges(state.details, event.data.changes) };
    }
    case 'StudentAccommodationsChanged': {
      if (state.status !== 'present') return state;
      const removed = new Set(event.data.removed);
      const kept = state.accommodationIds.filter((id) => !removed.has(id));
      return { ...state, accommodationIds: [...kept, ...event.data.added.filter((id) => !kept.includes(id))] };
    }
    case 'StudentDeleted':
      return state.status === 'present' ? { status: 'deleted' } : state;
    case 'StudentArchived':
      return state.status === 'present' ? { ...state, archived: true } : state;
    case 'StudentRestored':
      return state.status === 'present' ? { ...state, archived: false } : state;
    case 'StudentOwnershipTransferred':
    case 'StudentHandedOver':
      return state.status === 'present' ? { ...state, ownerId: event.data.toUserId } : state;
    // A case manager is a member of the school's staff: moving to another school ends the assignment.
    case 'StudentSchoolChanged':
      return state.status === 'present' ? { ...state, schoolId: event.data.toSchoolId, caseManagerId: null } : state;
    case 'StudentCaseManagerAssigned':
      return state.status === 'present' ? { ...state, caseManagerId: event.data.caseManagerId } : state;
    case 'StudentPromoted':
      return state.status === 'present' ? { ...state, details: { ...state.details, grade: event.data.toGrade }, rolledOverTo: event.data.schoolYear } : state;
    case 'StudentGraduated':
    case 'StudentMovedUp':
      return state.status === 'present' ? { ...state, details: { ...state.details, status: 'inactive' }, rolledOverTo: event.data.schoolYear } : state;
    case 'StudentLegalHoldPlaced':
      return state.status === 'present' ? { ...state, legalHold: { reason: event.data.reason, placedBy: event.data.placedBy } } : state;
    case 'StudentLegalHoldLifted':
      return state.status === 'present' ? { ...state, legalHold: null } : state;
    // Shares are the sharing decider's business (../sharing); the student's own fields stay as they are.
    case 'StudentShared':
    case 'ShareActivated':
    case 'ShareRevoked':
    case 'ShareExpired':
      return state;
  }
}
