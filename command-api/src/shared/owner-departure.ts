import { streamName } from '@accommodate/shared-events/events/stream-name';
import { fold } from '@accommodate/shared-events/domain/decider';
import { isStudentEvent } from '@accommodate/shared-events/domain/student/student';
import { sharingDecider } from '@accommodate/shared-events/domain/sharing/decide-share';
import { successorOf } from '@accommodate/shared-events/domain/sharing/sharing';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { userQueries } from '@accommodate/projections/queries/users-queries';
import type { AccountDeletionOutcome } from '@accommodate/shared-events/schemas/account-deletion';
import type { AppContext } from '../framework/command-context.ts';
import { schoolSuccessorFor } from '@accommodate/workers/schools/school-handover';

/** Grantees of the student's shares whose accounts are gone: they cannot take the student over. */
export async function departedGrantees(context: Pick<AppContext, 'readStore'>, studentId: string): Promise<string[]> {
  const users = userQueries(context.readStore);
  const departed: string[] = [];
  for (const share of await caseloadQueries(context.readStore).sharesOfStudent(studentId)) {
    if (share.granteeUserId !== null && !(await users.userById(share.granteeUserId))) departed.push(share.granteeUserId);
  }
  return departed;
}

/**
 * What deleting the account would do to the students it owns, decided as the deletion decides it (the domain's
 * `successorOf` over each student's stream): how many pass to the school or a co-teacher and how many are erased.
 */
export async function accountDeletionOutcome(context: Pick<AppContext, 'readStore' | 'eventStore' | 'now'>, userId: string): Promise<AccountDeletionOutcome> {
  const outcome: AccountDeletionOutcome = { transferred: 0, erased: 0 };
  const now = context.now();
  for (const student of await caseloadQueries(context.readStore).studentsOwnedBy(userId)) {
    // A school's student passes to the school.
    if ((await schoolSuccessorFor(context, student, userId)) !== null) {
      outcome.transferred += 1;
      continue;
    }
    const events = (await context.eventStore.readStream(streamName('student', student.id))).filter(isStudentEvent);
    const successor = successorOf(fold(sharingDecider, events), now, await departedGrantees(context, student.id));
    if (successor) outcome.transferred += 1;
    else outcome.erased += 1;
  }
  return outcome;
}
