import { streamName } from '@accommodate/shared-events/events/stream-name';
import { studentDecider } from '@accommodate/shared-events/domain/student/decide-student';
import { schoolSuccessor } from '@accommodate/shared-events/domain/school/school-succession';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { organisationQueries } from '@accommodate/projections/queries/organisation-queries';
import type { StudentDoc } from '@accommodate/projections/queries/caseload-schema';
import type { AppContext } from '../framework/command-context.ts';
import { handleCommand } from '../framework/handle-command.ts';

/**
 * Issue 23: someone leaves a school's staff (`schoolId`) or deletes their account (every school): each school student
 * they own passes to the school's successor (case manager, coordinator, administrator, district admin), with an event
 * that says so. The school's students stay with the school; nothing is orphaned. Returns how many were handed over.
 * Run by whoever acts (the staff removal, the account deletion), as the account deletion's hand-over to co-teachers is.
 */
export async function handOverSchoolStudents(
  context: AppContext,
  leaving: { userId: string; reason: 'left-school' | 'account-deleted'; schoolId?: string },
  actorId: string,
): Promise<number> {
  let handedOver = 0;
  for (const student of await caseloadQueries(context.readStore).studentsOwnedBy(leaving.userId)) {
    if (leaving.schoolId !== undefined && student.schoolId !== leaving.schoolId) continue;
    const toUserId = await schoolSuccessorFor(context, student, leaving.userId);
    if (toUserId === null) continue;
    const command = { type: 'HandOverToSchool' as const, studentId: student.id, fromUserId: leaving.userId, toUserId, reason: leaving.reason };
    await handleCommand(context, studentDecider, streamName('student', student.id), command, { actor: { userId: actorId } });
    handedOver += 1;
  }
  return handedOver;
}

/** Who would take the student over from `leavingUserId` (school-succession.ts); null for a student without a school. */
export async function schoolSuccessorFor(
  context: Pick<AppContext, 'readStore'>,
  student: Pick<StudentDoc, 'schoolId' | 'caseManagerId'>,
  leavingUserId: string,
): Promise<string | null> {
  if (!student.schoolId) return null;
  const organisations = organisationQueries(context.readStore);
  const school = await organisations.schoolById(student.schoolId);
  if (!school) return null;
  const districtAdminIds = (await organisations.districtById(school.districtId))?.adminIds ?? [];
  return schoolSuccessor(school, districtAdminIds, student.caseManagerId ?? null, leavingUserId);
}
