import { describe, it } from 'vitest';
import { FREE_STUDENT_LIMIT } from '../../config/plans.ts';
import type { StudentEvent } from '../../events/student-events.ts';
import { janeDetails } from '../../testing/student-fixtures.ts';
import { DeciderSpecification } from '../testing/decider-specification.ts';
import { ForbiddenError, IllegalStateError, NotFoundError, ValidationError } from '../errors.ts';
import {
  CASE_MANAGER_NOT_STAFF,
  FREE_LIMIT_REACHED,
  NO_SCHOOL_FOR_CASE_MANAGER,
  OTHER_DISTRICT,
  PLAN_IS_FINAL_FOR_ACCOMMODATIONS,
  SCHOOL_STUDENT_NEEDS_SCHOOL,
  STUDENT_ARCHIVED,
  studentDecider,
} from './decide-student.ts';

const spec = DeciderSpecification.for(studentDecider);
const details = janeDetails;
const added: StudentEvent = { type: 'StudentAdded', data: { studentId: 's1', ownerId: 'u1', ...details } };
const assigned = (ids: string[]): StudentEvent => ({
  type: 'StudentAccommodationsChanged',
  data: { studentId: 's1', added: ids, removed: [] },
});
const free = (studentCount: number) => ({ isPremium: false, studentCount });
const withMessage = (message: string) => (error: Error) => error.message === message;

describe('student decider', () => {
  describe('adding', () => {
    it('adds the student with its accommodations', () => {
      spec
        .given([])
        .when({ type: 'AddStudent', studentId: 's1', ownerId: 'u1', details, accommodationIds: ['a1', 'a2', 'a1'], allowance: free(0) })
        .then([added, assigned(['a1', 'a2'])]);
    });

    it('adds without an assignment event when none are chosen', () => {
      spec
        .given([])
        .when({ type: 'AddStudent', studentId: 's1', ownerId: 'u1', details, accommodationIds: [], allowance: free(FREE_STUDENT_LIMIT - 1) })
        .then([added]);
    });

    it('refuses a free account at its student limit, with the upgrade message', () => {
      spec
        .given([])
        .when({ type: 'AddStudent', studentId: 's1', ownerId: 'u1', details, accommodationIds: [], allowance: free(FREE_STUDENT_LIMIT) })
        .thenThrows(ForbiddenError, withMessage(`The free plan is limited to ${FREE_STUDENT_LIMIT} students. Upgrade to Premium for unlimited students.`));
    });

    it('lets Premium add past the free limit', () => {
      spec
        .given([])
        .when({
          type: 'AddStudent',
          studentId: 's1',
          ownerId: 'u1',
          details,
          accommodationIds: [],
          allowance: { isPremium: true, studentCount: FREE_STUDENT_LIMIT + 10 },
        })
        .then([added]);
    });

    it('cannot add the same student twice', () => {
      spec
        .given([added])
        .when({ type: 'AddStudent', studentId: 's1', ownerId: 'u1', details, accommodationIds: [], allowance: free(0) })
        .thenThrows(IllegalStateError);
    });
  });

  describe('updating', () => {
    it('records only the fields that changed', () => {
      spec
        .given([added])
        .when({ type: 'UpdateStudent', studentId: 's1', details: { ...details, grade: '5', notes: '<p>Hi</p>' }, accommodationIds: [] })
        .then([{ type: 'StudentDetailsUpdated', data: { studentId: 's1', changes: { grade: '5', notes: '<p>Hi</p>' } } }]);
    });

    it('records accommodations as what was added and what was removed', () => {
      spec
        .given([added, assigned(['a1', 'a2'])])
        .when({ type: 'UpdateStudent', studentId: 's1', details, accommodationIds: ['a2', 'a3'] })
        .then([{ type: 'StudentAccommodationsChanged', data: { studentId: 's1', added: ['a3'], removed: ['a1'] } }]);
    });

    it('decides nothing when nothing changed', () => {
      spec.given([added, assigned(['a1'])]).when({ type: 'UpdateStudent', studentId: 's1', details, accommodationIds: ['a1'] }).then([]);
    });

    it('sees earlier changes when deciding', () => {
      spec
        .given([added, { type: 'StudentDetailsUpdated', data: { studentId: 's1', changes: { grade: '5' } } }])
        .when({ type: 'UpdateStudent', studentId: 's1', details: { ...details, grade: '5' }, accommodationIds: [] })
        .then([]);
    });

    it('cannot update a student that does not exist', () => {
      spec.given([]).when({ type: 'UpdateStudent', studentId: 's1', details, accommodationIds: [] }).thenThrows(NotFoundError);
    });

    it('refuses a change of accommodations while a final plan is in force, not of the details', () => {
      const locked = { type: 'UpdateStudent' as const, studentId: 's1', details, accommodationIds: ['a1', 'a2'], accommodationsLocked: true };
      spec.given([added, assigned(['a1'])]).when(locked).thenThrows(IllegalStateError, withMessage(PLAN_IS_FINAL_FOR_ACCOMMODATIONS));
      spec
        .given([added, assigned(['a1'])])
        .when({ ...locked, details: { ...details, grade: '5' }, accommodationIds: ['a1'] })
        .then([{ type: 'StudentDetailsUpdated', data: { studentId: 's1', changes: { grade: '5' } } }]);
    });

    it('follows a plan version’s accommodations, once', () => {
      const follow = { type: 'FollowPlanVersion' as const, studentId: 's1', accommodationIds: ['a2'] };
      spec.given([added, assigned(['a1'])]).when(follow).then([{ type: 'StudentAccommodationsChanged', data: { studentId: 's1', added: ['a2'], removed: ['a1'] } }]);
      spec.given([added, assigned(['a2'])]).when(follow).then([]);
    });
  });

  describe('deleting', () => {
    it('deletes an existing student', () => {
      spec.given([added]).when({ type: 'DeleteStudent', studentId: 's1' }).then([{ type: 'StudentDeleted', data: { studentId: 's1' } }]);
    });

    it('cannot delete twice, nor update after deleting', () => {
      const deleted: StudentEvent = { type: 'StudentDeleted', data: { studentId: 's1' } };
      spec.given([added, deleted]).when({ type: 'DeleteStudent', studentId: 's1' }).thenThrows(NotFoundError);
      spec.given([added, deleted]).when({ type: 'UpdateStudent', studentId: 's1', details, accommodationIds: [] }).thenThrows(NotFoundError);
    });
  });

  it('words the limit message from the shared config', () => {
    spec
      .given([])
      .when({ type: 'AddStudent', studentId: 's1', ownerId: 'u1', details, accommodationIds: [], allowance: free(99) })
      .thenThrows(ForbiddenError, withMessage(FREE_LIMIT_REACHED));
  });
});

describe('an archived student (issue 26: the owner’s Premium ended)', () => {
  const archived: StudentEvent = { type: 'StudentArchived', data: { studentId: 's1' } };

  it('is archived once, and restored once', () => {
    spec.given([added]).when({ type: 'ArchiveStudent', studentId: 's1' }).then([archived]);
    spec.given([added, archived]).when({ type: 'ArchiveStudent', studentId: 's1' }).then([]);
    spec.given([added, archived]).when({ type: 'RestoreStudent', studentId: 's1' }).then([{ type: 'StudentRestored', data: { studentId: 's1' } }]);
    spec.given([added]).when({ type: 'RestoreStudent', studentId: 's1' }).then([]);
  });

  it('is kept as it was: neither changed nor deleted until it is restored', () => {
    spec
      .given([added, archived])
      .when({ type: 'UpdateStudent', studentId: 's1', details: { ...details, grade: '5' }, accommodationIds: [] })
      .thenThrows(IllegalStateError, withMessage(STUDENT_ARCHIVED));
    spec.given([added, archived]).when({ type: 'DeleteStudent', studentId: 's1' }).thenThrows(IllegalStateError, withMessage(STUDENT_ARCHIVED));
    spec
      .given([added, archived, { type: 'StudentRestored', data: { studentId: 's1' } }])
      .when({ type: 'DeleteStudent', studentId: 's1' })
      .then([{ type: 'StudentDeleted', data: { studentId: 's1' } }]);
  });
});

describe('a school’s student (issue 23)', () => {
  const inNorth: StudentEvent = { type: 'StudentSchoolChanged', data: { studentId: 's1', fromSchoolId: null, toSchoolId: 'north', changedBy: 'u1' } };
  const move = (schoolId: string, sameDistrict: boolean) => ({ type: 'MoveToSchool' as const, studentId: 's1', schoolId, userId: 'u1', sameDistrict });
  const assign = (caseManagerId: string | null, isStaff = true) => ({ type: 'AssignCaseManager' as const, studentId: 's1', caseManagerId, userId: 'u1', isStaff });

  it('is added into its school with no allowance asked: a district has no student limit', () => {
    spec
      .given([])
      .when({ type: 'AddStudent', studentId: 's1', ownerId: 'u1', details, accommodationIds: [], schoolId: 'north' })
      .then([{ type: 'StudentAdded', data: { studentId: 's1', ownerId: 'u1', ...details, schoolId: 'north' } }]);
  });

  it('joins a school from none, then moves within the district only', () => {
    spec.given([added]).when(move('north', false)).then([inNorth]);
    spec.given([added, inNorth]).when(move('north', true)).then([]);
    spec
      .given([added, inNorth])
      .when(move('south', true))
      .then([{ type: 'StudentSchoolChanged', data: { studentId: 's1', fromSchoolId: 'north', toSchoolId: 'south', changedBy: 'u1' } }]);
    spec.given([added, inNorth]).when(move('elsewhere', false)).thenThrows(ValidationError, withMessage(OTHER_DISTRICT));
  });

  it('gets a case manager from its school’s staff, once', () => {
    const assigned: StudentEvent = { type: 'StudentCaseManagerAssigned', data: { studentId: 's1', caseManagerId: 'mara', assignedBy: 'u1' } };
    spec.given([added]).when(assign('mara')).thenThrows(IllegalStateError, withMessage(NO_SCHOOL_FOR_CASE_MANAGER));
    spec.given([added, inNorth]).when(assign('mara', false)).thenThrows(ValidationError, withMessage(CASE_MANAGER_NOT_STAFF));
    spec.given([added, inNorth]).when(assign('mara')).then([assigned]);
    spec.given([added, inNorth, assigned]).when(assign('mara')).then([]);
    spec
      .given([added, inNorth, assigned])
      .when(assign(null))
      .then([{ type: 'StudentCaseManagerAssigned', data: { studentId: 's1', caseManagerId: null, assignedBy: 'u1' } }]);
  });

  it('loses its case manager when it moves to another school, whose staff they are not', () => {
    const assigned: StudentEvent = { type: 'StudentCaseManagerAssigned', data: { studentId: 's1', caseManagerId: 'mara', assignedBy: 'u1' } };
    const moved: StudentEvent = { type: 'StudentSchoolChanged', data: { studentId: 's1', fromSchoolId: 'north', toSchoolId: 'south', changedBy: 'u1' } };
    spec
      .given([added, inNorth, assigned, moved])
      .when(assign('mara'))
      .then([{ type: 'StudentCaseManagerAssigned', data: { studentId: 's1', caseManagerId: 'mara', assignedBy: 'u1' } }]);
  });
});

describe("a school's student, written by an import from the SIS", () => {
  const imported: StudentEvent = { type: 'StudentAdded', data: { studentId: 's1', ownerId: null, ...details, schoolId: 'school-1' } };

  it('belongs to its school: no person owns it', () =>
    spec.given([]).when({ type: 'AddStudent', studentId: 's1', ownerId: null, details, accommodationIds: [], schoolId: 'school-1' }).then([imported]));

  it('cannot be owned by nobody outside a school', () =>
    spec
      .given([])
      .when({ type: 'AddStudent', studentId: 's1', ownerId: null, details, accommodationIds: [], allowance: free(0) })
      .thenThrows(IllegalStateError, withMessage(SCHOOL_STUDENT_NEEDS_SCHOOL)));

  it('is handed over by nobody: a leaving teacher never owned it', () =>
    spec.given([imported]).when({ type: 'HandOverToSchool', studentId: 's1', fromUserId: 'dana', toUserId: 'olga', reason: 'left-school' }).then([]));
});
