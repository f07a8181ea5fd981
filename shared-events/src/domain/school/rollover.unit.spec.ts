import { describe, expect, it } from 'vitest';
import type { StudentEvent } from '../../events/student-events.ts';
import type { PlanEvent } from '../../events/plan-events.ts';
import { janeDetails } from '../../testing/student-fixtures.ts';
import { DeciderSpecification } from '../testing/decider-specification.ts';
import { studentDecider } from '../student/decide-student.ts';
import { evolveStudent, initialStudentState } from '../student/student.ts';
import { planDecider } from '../plan/decide-plan.ts';
import { gradeChange, highestGradeOf, reviewIn, rolloverFormSchema, schoolYearOf } from './rollover.ts';

describe('the year-end rollover (issue 23)', () => {
  it('moves every grade up one, graduates grade 12, and leaves the inactive and the unknown alone', () => {
    const student = (grade: string, status = 'active') => ({ grade, status, rolledOverTo: null });
    expect(gradeChange(student('K'), '2026-2027', null)).toEqual({ kind: 'promote', fromGrade: 'K', toGrade: '1' });
    expect(gradeChange(student('11'), '2026-2027', null)).toEqual({ kind: 'promote', fromGrade: '11', toGrade: '12' });
    expect(gradeChange(student('12'), '2026-2027', null)).toEqual({ kind: 'graduate', fromGrade: '12' });
    expect(gradeChange(student('7', 'inactive'), '2026-2027', null)).toBeNull();
    expect(gradeChange(student('Pre-K'), '2026-2027', null)).toBeNull();
    expect(gradeChange({ grade: '5', status: 'active', rolledOverTo: '2026-2027' }, '2026-2027', null)).toBeNull();
  });

  it('moves students in a school’s highest grade below 12 up and out of it, instead of into a grade it does not teach', () => {
    const student = (grade: string, status = 'active') => ({ grade, status, rolledOverTo: null });
    expect(gradeChange(student('8'), '2026-2027', '8')).toEqual({ kind: 'move-up', fromGrade: '8' });
    expect(gradeChange(student('7'), '2026-2027', '8')).toEqual({ kind: 'promote', fromGrade: '7', toGrade: '8' });
    expect(gradeChange(student('12'), '2026-2027', '12')).toEqual({ kind: 'graduate', fromGrade: '12' });
    expect(gradeChange(student('8', 'inactive'), '2026-2027', '8')).toBeNull();
    expect(highestGradeOf([student('6'), student('8'), student('7'), student('12', 'inactive'), student('Pre-K')])).toBe('8');
    // A school whose highest grade so far is 3 (still entering its students) is taken to run to 12.
    expect(highestGradeOf([student('1'), student('3')])).toBeNull();
    expect(highestGradeOf([student('K'), student('5')])).toBe('5');
    expect(highestGradeOf([])).toBeNull();
    expect(rolloverFormSchema.safeParse({ schoolYear: '2026-2027', highestGrade: '13' }).error?.issues[0]?.message).toBe('Highest grade must be one of the grades, K to 12');
  });

  it('an 8th grader at a middle school leaves it, once: inactive and kept, with the grade they finished', () => {
    const eighth: StudentEvent = { type: 'StudentAdded', data: { studentId: 's1', ownerId: 'u1', ...janeDetails, grade: '8' } };
    const movedUp: StudentEvent = { type: 'StudentMovedUp', data: { studentId: 's1', fromGrade: '8', schoolYear: '2026-2027' } };
    const spec = DeciderSpecification.for(studentDecider);
    spec.given([eighth]).when({ type: 'RollOver', studentId: 's1', schoolYear: '2026-2027', highestGrade: '8' }).then([movedUp]);
    spec.given([eighth, movedUp]).when({ type: 'RollOver', studentId: 's1', schoolYear: '2026-2027', highestGrade: '8' }).then([]);
    const state = [eighth, movedUp].reduce(evolveStudent, initialStudentState());
    expect(state.status === 'present' && { grade: state.details.grade, status: state.details.status }).toEqual({ grade: '8', status: 'inactive' });
  });

  it('schedules an active plan’s annual review on the same day within the new year, if it falls before it', () => {
    expect(reviewIn({ reviewDate: '2026-05-14', status: 'active' }, '2026-2027')).toBe('2027-05-14');
    expect(reviewIn({ reviewDate: '2025-09-30', status: 'active' }, '2026-2027')).toBe('2026-09-30');
    expect(reviewIn({ reviewDate: '2024-02-29', status: 'active' }, '2026-2027')).toBe('2027-02-28');
    expect(reviewIn({ reviewDate: '2026-10-01', status: 'active' }, '2026-2027')).toBeNull();
    expect(reviewIn({ reviewDate: '2026-05-14', status: 'inactive' }, '2026-2027')).toBeNull();
  });

  it('reads school years like 2026-2027 only, and knows which one a day is in', () => {
    expect(rolloverFormSchema.parse({ schoolYear: '2026-2027' })).toEqual({ schoolYear: '2026-2027', dryRun: true });
    expect(rolloverFormSchema.safeParse({ schoolYear: '2026-2028' }).error?.issues[0]?.message).toBe('School year must read like 2026-2027');
    expect(schoolYearOf('2026-11-26')).toBe('2026-2027');
    expect(schoolYearOf('2027-07-31')).toBe('2026-2027');
  });

  it('promotes a student once per school year: applying the rollover twice changes nothing the second time', () => {
    const added: StudentEvent = { type: 'StudentAdded', data: { studentId: 's1', ownerId: 'u1', ...janeDetails } };
    const promoted: StudentEvent = { type: 'StudentPromoted', data: { studentId: 's1', fromGrade: '4', toGrade: '5', schoolYear: '2026-2027' } };
    const spec = DeciderSpecification.for(studentDecider);
    spec.given([added]).when({ type: 'RollOver', studentId: 's1', schoolYear: '2026-2027', highestGrade: null }).then([promoted]);
    spec.given([added, promoted]).when({ type: 'RollOver', studentId: 's1', schoolYear: '2026-2027', highestGrade: null }).then([]);
    const senior: StudentEvent = { type: 'StudentAdded', data: { studentId: 's1', ownerId: 'u1', ...janeDetails, grade: '12' } };
    spec.given([senior]).when({ type: 'RollOver', studentId: 's1', schoolYear: '2026-2027', highestGrade: null }).then([{ type: 'StudentGraduated', data: { studentId: 's1', schoolYear: '2026-2027' } }]);
  });

  it('schedules a final plan’s review without an amendment: what was signed stays as it was', () => {
    const created: PlanEvent = {
      type: 'PlanCreated',
      data: { planId: 'p1', studentId: 's1', startDate: '2025-09-01', reviewDate: '2026-05-14', status: 'active', meetingDate: null, caseManager: null },
    };
    const finalised: PlanEvent = {
      type: 'PlanFinalised',
      data: {
        planId: 'p1', studentId: 's1', version: 1, effectiveDate: '2025-09-01', teachers: [],
        content: { startDate: '2025-09-01', reviewDate: '2026-05-14', meetingDate: null, caseManager: null, accommodations: [] },
      },
    };
    const scheduled: PlanEvent = { type: 'PlanReviewScheduled', data: { planId: 'p1', studentId: 's1', reviewDate: '2027-05-14', schoolYear: '2026-2027' } };
    const spec = DeciderSpecification.for(planDecider);
    spec.given([created, finalised]).when({ type: 'ScheduleReview', planId: 'p1', schoolYear: '2026-2027' }).then([scheduled]);
    spec.given([created, finalised, scheduled]).when({ type: 'ScheduleReview', planId: 'p1', schoolYear: '2026-2027' }).then([]);
  });
});
