import type { StudentEvent } from '../../events/student-events.ts';
import { FREE_STUDENT_LIMIT } from '../../config/plans.ts';
import { STUDENT_DETAIL_FIELDS } from '../../schemas/student.ts';
import type { Decider } from '../decider.ts';
import { gradeChange } from '../school/rollover.ts';
import { ForbiddenError, IllegalStateError, NotFoundError, ValidationError } from '../errors.ts';
import { changesFrom } from '../changes.ts';
import { evolveStudent, initialStudentState, STUDENT_EVENT_TYPES, type StudentDetails, type StudentState } from './student.ts';

/** What the account allows, read by the route from the current user just before deciding. */
export interface StudentAllowance {
  isPremium: boolean;
  /** The account's students; only counted, and only read, on the free plan. */
  studentCount: number;
}

/**
 * Where a new student goes: into a school, once the route found the user may add students there, with no
 * limit; or into the teacher's own caseload, within their plan's allowance.
 */
export type StudentPlacement = { schoolId: string; allowance?: never } | { schoolId?: null; allowance: StudentAllowance };

export type StudentCommand =
  /** ownerId null: the school's student (an import from the SIS); it needs a school. */
  | ({ type: 'AddStudent'; studentId: string; ownerId: string | null; details: StudentDetails; accommodationIds: string[] } & StudentPlacement)
  /** `accommodationsLocked`: a final plan is in force, so the accommodations change only through an amendment. */
  | { type: 'UpdateStudent'; studentId: string; details: StudentDetails; accommodationIds: string[]; accommodationsLocked?: boolean }
  /** A plan version was made: the student's accommodations become the version's; again, it changes nothing. */
  | { type: 'FollowPlanVersion'; studentId: string; accommodationIds: string[] }
  | { type: 'DeleteStudent'; studentId: string }
  /** The owner's Premium ended and the student is beyond the free limit. */
  | { type: 'ArchiveStudent'; studentId: string }
  /** The owner upgraded again. */
  | { type: 'RestoreStudent'; studentId: string }
  /**
   * Into a school, or to another school. `sameDistrict`: whether the target school is of the district of
   * the student's present one, read by the route; a student without a school may join any the user may add to.
   */
  | { type: 'MoveToSchool'; studentId: string; schoolId: string; userId: string; sameDistrict: boolean }
  /** `isStaff`: whether the user is active staff of the student's school, read by the route; null: no case manager. */
  | { type: 'AssignCaseManager'; studentId: string; caseManagerId: string | null; userId: string; isStaff: boolean }
  /**
   * The school's year-end rollover into `schoolYear` (rollover.ts): promote, graduate or move up out of the school,
   * once per year. `highestGrade`: the school's last grade, read by the route (null: it runs to grade 12).
   */
  | { type: 'RollOver'; studentId: string; schoolYear: string; highestGrade: string | null }
  /** The owner left the school or deleted their account: `toUserId` is the school's successor (school-succession.ts). */
  | { type: 'HandOverToSchool'; studentId: string; fromUserId: string; toUserId: string; reason: 'left-school' | 'account-deleted' }
  /** Retention: a district admin holds the record (never erased while held), or lifts the hold. */
  | { type: 'PlaceLegalHold'; studentId: string; userId: string; reason: string }
  | { type: 'LiftLegalHold'; studentId: string; userId: string };

export const STUDENT_ARCHIVED = 'This student is archived and read-only. Upgrade to Premium to change them again.';

export const PLAN_IS_FINAL_FOR_ACCOMMODATIONS = 'This student’s plan is final: amend the plan to change accommodations';

export const OTHER_DISTRICT = 'A student can only move to another school of the same district';
export const NO_SCHOOL_FOR_CASE_MANAGER = 'Only a school’s student has a case manager: add the student to a school first';
export const CASE_MANAGER_NOT_STAFF = 'The case manager must be a member of the student’s school staff';
export const SCHOOL_STUDENT_NEEDS_SCHOOL = 'A student without an owner must belong to a school';

export const ON_LEGAL_HOLD = 'This record is on legal hold and cannot be erased: lift the hold first';
export const NO_SCHOOL_FOR_LEGAL_HOLD = 'Only a school’s student can be put on legal hold';

export const FREE_LIMIT_REACHED = `The free plan is limited to ${FREE_STUDENT_LIMIT} students. Upgrade to Premium for unlimited students.`;

const unique = (ids: readonly string[]) => [...new Set(ids)];

/** The set change from what the student has to what is wanted, or null when they are the same. */
function assignmentChange(studentId: string, current: readonly string[], wanted: readonly string[]): StudentEvent | null {
  const next = unique(wanted);
  const added = next.filter((id) => !current.includes(id));
  const removed = current.filter((id) => !next.includes(id));
  return added.length > 0 || removed.length > 0 ? { type: 'StudentAccommodationsChanged', data: { studentId, added, removed } } : null;
}

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
      const schoolId = command.schoolId ?? null;
      if (command.ownerId === null && schoolId === null) throw new IllegalStateError(SCHOOL_STUDENT_NEEDS_SCHOOL);
      // A district has no student limit: a school's students are not counted against the teacher's free plan.
      if (command.schoolId == null && !command.allowance.isPremium && command.allowance.studentCount >= FREE_STUDENT_LIMIT) throw new ForbiddenError(FREE_LIMIT_REACHED);
      const events: StudentEvent[] = [
        {
          type: 'StudentAdded',
          data: { studentId: command.studentId, ownerId: command.ownerId, ...command.details, ...(schoolId === null ? {} : { schoolId }) },
        },
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
      const assignments = assignmentChange(command.studentId, state.accommodationIds, command.accommodationIds);
      if (assignments && command.accommodationsLocked === true) throw new IllegalStateError(PLAN_IS_FINAL_FOR_ACCOMMODATIONS);
      if (assignments) events.push(assignments);
      return events;
    }
    case 'FollowPlanVersion': {
      assertChangeable(state);
      const assignments = assignmentChange(command.studentId, state.accommodationIds, command.accommodationIds);
      return assignments ? [assignments] : [];
    }
    case 'DeleteStudent':
      assertChangeable(state);
      if (state.legalHold) throw new IllegalStateError(ON_LEGAL_HOLD);
      return [{ type: 'StudentDeleted', data: { studentId: command.studentId } }];
    case 'ArchiveStudent':
      assertPresent(state);
      return state.archived ? [] : [{ type: 'StudentArchived', data: { studentId: command.studentId } }];
    case 'RestoreStudent':
      assertPresent(state);
      return state.archived ? [{ type: 'StudentRestored', data: { studentId: command.studentId } }] : [];
    case 'MoveToSchool': {
      assertChangeable(state);
      if (state.schoolId === command.schoolId) return [];
      if (state.schoolId !== null && !command.sameDistrict) throw ValidationError.onField('schoolId', OTHER_DISTRICT);
      const { studentId, schoolId, userId } = command;
      return [{ type: 'StudentSchoolChanged', data: { studentId, fromSchoolId: state.schoolId, toSchoolId: schoolId, changedBy: userId } }];
    }
    case 'RollOver': {
      assertChangeable(state);
      const change = gradeChange({ ...state.details, rolledOverTo: state.rolledOverTo }, command.schoolYear, command.highestGrade);
      const { studentId, schoolYear } = command;
      if (change === null) return [];
      if (change.kind === 'graduate') return [{ type: 'StudentGraduated', data: { studentId, schoolYear } }];
      if (change.kind === 'move-up') return [{ type: 'StudentMovedUp', data: { studentId, fromGrade: change.fromGrade, schoolYear } }];
      return [{ type: 'StudentPromoted', data: { studentId, fromGrade: change.fromGrade, toGrade: change.toGrade, schoolYear } }];
    }
    case 'HandOverToSchool': {
      assertPresent(state);
      // Handed over already (a retry, or a second departure of the same person): nothing more to do.
      if (state.ownerId !== command.fromUserId || command.toUserId === command.fromUserId) return [];
      const { studentId, fromUserId, toUserId, reason } = command;
      return [{ type: 'StudentHandedOver', data: { studentId, fromUserId, toUserId, reason } }];
    }
    case 'PlaceLegalHold': {
      assertPresent(state);
      if (state.schoolId === null) throw new IllegalStateError(NO_SCHOOL_FOR_LEGAL_HOLD);
      if (state.legalHold?.reason === command.reason) return [];
      return [{ type: 'StudentLegalHoldPlaced', data: { studentId: command.studentId, reason: command.reason, placedBy: command.userId } }];
    }
    case 'LiftLegalHold':
      assertPresent(state);
      return state.legalHold ? [{ type: 'StudentLegalHoldLifted', data: { studentId: command.studentId, liftedBy: command.userId } }] : [];
    case 'AssignCaseManager': {
      assertChangeable(state);
      if (state.schoolId === null) throw new IllegalStateError(NO_SCHOOL_FOR_CASE_MANAGER);
      if (command.caseManagerId !== null && !command.isStaff) throw ValidationError.onField('userId', CASE_MANAGER_NOT_STAFF);
      if (state.caseManagerId === command.caseManagerId) return [];
      const { studentId, caseManagerId, userId } = command;
      return [{ type: 'StudentCaseManagerAssigned', data: { studentId, caseManagerId, assignedBy: userId } }];
    }
  }
}

export const studentDecider: Decider<StudentState, StudentCommand, StudentEvent> = {
  eventTypes: STUDENT_EVENT_TYPES,
  initialState: initialStudentState,
  evolve: evolveStudent,
  decide: decideStudent,
};
