import { describe, it } from 'vitest';
import type { StudentEvent } from '../../events/student-events.ts';
import { janeDetails } from '../../testing/student-fixtures.ts';
import { DeciderSpecification } from '../testing/decider-specification.ts';
import { IllegalStateError } from '../errors.ts';
import { NO_SCHOOL_FOR_LEGAL_HOLD, ON_LEGAL_HOLD, studentDecider } from './decide-student.ts';

// Retention: a district admin holds a record (a pending hearing); a held record is never erased.
const spec = DeciderSpecification.for(studentDecider);
const withMessage = (message: string) => (error: Error) => error.message === message;
const added: StudentEvent = { type: 'StudentAdded', data: { studentId: 's1', ownerId: 'u1', ...janeDetails, schoolId: 'north' } };
const independent: StudentEvent = { type: 'StudentAdded', data: { studentId: 's1', ownerId: 'u1', ...janeDetails } };
const held: StudentEvent = { type: 'StudentLegalHoldPlaced', data: { studentId: 's1', reason: 'Due process hearing', placedBy: 'dana' } };
const lifted: StudentEvent = { type: 'StudentLegalHoldLifted', data: { studentId: 's1', liftedBy: 'dana' } };
const hold = (reason = 'Due process hearing') => ({ type: 'PlaceLegalHold' as const, studentId: 's1', userId: 'dana', reason });
const lift = { type: 'LiftLegalHold' as const, studentId: 's1', userId: 'dana' };
const erase = { type: 'DeleteStudent' as const, studentId: 's1' };

describe('a legal hold on a school’s student', () => {
  it('is placed with its reason, once', () => {
    spec.given([added]).when(hold()).then([held]);
    spec.given([added, held]).when(hold()).then([]);
  });

  it('keeps the record from being erased until it is lifted', () => {
    spec.given([added, held]).when(erase).thenThrows(IllegalStateError, withMessage(ON_LEGAL_HOLD));
    spec.given([added, held]).when(lift).then([lifted]);
    spec.given([added, held, lifted]).when(erase).then([{ type: 'StudentDeleted', data: { studentId: 's1' } }]);
  });

  it('lifts nothing when there is no hold', () => spec.given([added]).when(lift).then([]));

  it('is for a school’s students only: retention is a district’s rule', () =>
    spec.given([independent]).when(hold()).thenThrows(IllegalStateError, withMessage(NO_SCHOOL_FOR_LEGAL_HOLD)));
});
