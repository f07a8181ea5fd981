import type { StudentEvent } from '../../events/student-events.ts';
import { FREE_STUDENT_LIMIT } from '../../config/plans.ts';
import { STUDENT_DETAIL_FIELDS } from '../../schemas/student.ts';
import type { Decider } from '../decider.ts';
import { ForbiddenError, IllegalStateError, NotFoundError } from '../errors.ts';
import { changesFrom } from '../changes.ts';
import { evolveStudent, initialStudentState, STUDENT_EVENT_TYPES, type StudentDetails, type StudentState } from './student.ts';

/** What the account allows, read by the route from the current user just before deciding. */
export interface StudentAllowance {
  isPremium: boolean;
  /** The account's students; only counted, and only read, on the free plan. */
  studentCount: number;
}

export type StudentCommand =
  | {
      type: 'AddStudent';
      studentId: string;
      ownerId: string;
      details: StudentDetails;
      accommodationIds: string[];
      allowance: StudentAllowance;
    }
  | { type: 'UpdateStudent'; studentId: string; details: StudentDetails; accommodationIds: string[] }
  | { type: 'DeleteStudent'; studentId: string }
  /** The owner's Premium ended and the student is beyond the free limit (issue 26). */
  | { type: 'ArchiveStudent'; studentId: string }
  /** The owner upgraded again. */
  | { type: 'RestoreStudent'; studentId: string };

export const STUDENT_ARCHIVED = 'This student is archived and read-only. Upgrade to Premium to change them again.';

export const FREE_LIMIT_REACHED = `The free plan is limited to ${FREE_STUDENT_LIMIT} students. Upgrade to Premium for unlimited students.`;

const unique = (ids: readonly string[]) => [...new Set(ids)];

function assertPresent(state: StudentState): asserts state is Extract<StudentState, { status: 'present' }> {
  if (state.status !== 'present') throw new NotFoundError('Student');
}

/** Present, and not archived: an archived student is kept as it was, not changed nor deleted. */
function assertChangeable(state: StudentState): asserts state is Extract<StudentState, { status: 'present' }> {
  assertPresent(state);
  if (state.archived) throw new IllegalStateError(STUDENT_ARCHIVED);
}

export function decideStudent(command: StudentCommand, state: StudentState): StudentEvent[] {
  switch (command.type) {
    case 'AddStudent': {
      if (state.status !== 'absent') throw new IllegalStateError('This student already exists');
      const { allowance } = command;
      if (!allowance.isPremium && allowance.studentCount >= FREE_STUDENT_LIMIT) throw new ForbiddenError(FREE_LIMIT_REACHED);
      const events: StudentEvent[] = [
        { type: 'StudentAdded', data: { studentId: command.studentId, ownerId: command.ownerId, ...command.details } },
      ];
      const added = unique(command.accommodationIds);
      if (added.length > 0) {
        events.push({ type: 'StudentAccommodationsChanged', data: { studentId: command.studentId, added, removed: [] } });
      }
      return events;
    }
    case 'UpdateStudent': {
      assertChangeable(state);
      const events: StudentEvent[] = [];
      const changes = changesFrom(state.details, command.details, STUDENT_DETAIL_FIELDS);
      if (Object.keys(changes).length > 0) {
        events.push({ type: 'StudentDetailsUpdated', data: { studentId: command.studentId, changes } });
      }
      const wanted = unique(command.accommodationIds);
      const added = wanted.filter((id) => !state.accommodationIds.includes(id));
      const removed = state.accommodationIds.filter((id) => !wanted.includes(id));
      if (added.length > 0 || removed.length > 0) {
        events.push({ type: 'StudentAccommodationsChanged', data: { studentId: command.studentId, added, removed } });
      }
      return events;
    }
    case 'DeleteStudent':
      assertChangeable(state);
      return [{ type: 'StudentDeleted', data: { studentId: command.studentId } }];
    case 'ArchiveStudent':
      assertPresent(state);
      return state.archived ? [] : [{ type: 'StudentArchived', data: { studentId: command.studentId } }];
    case 'RestoreStudent':
      assertPresent(state);
      return state.archived ? [{ type: 'StudentRestored', data: { studentId: command.studentId } }] : [];
  }
}

export const studentDecider: Decider<StudentState, StudentCommand, StudentEvent> = {
  eventTypes: STUDENT_EVENT_TYPES,
  initialState: initialStudentState,
  evolve: evolveStudent,
  decide: decideStudent,
};
