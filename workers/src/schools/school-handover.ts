import { schoolSuccessor } from '@accommodate/shared-events/domain/school/school-succession';
import type { StudentCommand } from '@accommodate/shared-events/domain/student/decide-student';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { organisationQueries } from '@accommodate/projections/queries/organisation-queries';
import type { StudentDoc } from '@accommodate/projections/queries/caseload-schema';
import type { ReadStore } from '@accommodate/projections/store/read-store';

export type HandOverCommand = Extract<StudentCommand, { type: 'HandOverToSchool' }>;

export interface SchoolHandOverDependencies {
  readStore: Pick<ReadStore, 'collection'>;
  /**
   * Writes one student's hand-over on the student's stream, the caller's way: the API's handleCommand (so the next
   * read sees it), or the roster import's decideAndAppend.
   */
  handOver(command: HandOverCommand, actorId: string): Promise<unknown>;
}

/**
 * Someone leaves a school's staff (`schoolId`) or deletes their account (every school): each school student
 * they own passes to the school's successor (case manager, coordinator, administrator, district admin), with an event
 * that says so. The school's students stay with the school; nothing is orphaned. Returns how many were handed over.
 * The one hand-over of everyone who removes staff: the staff route, the account deletion, and a roster import (issue
 * 25) that deactivates a staff member the SIS no longer lists.
 */
export async function handOverSchoolStudents(
  dependencies: SchoolHandOverDependencies,
  leaving: { userId: string; reason: HandOverCommand['reason']; schoolId?: string },
  actorId: string,
): Promise<number> {
  let handedOver = 0;
  for (const student of await caseloadQueries(dependencies.readStore).studentsOwnedBy(leaving.userId)) {
    if (leaving.schoolId !== undefined && student.schoolId !== leaving.schoolId) continue;
    const toUserId = await schoolSuccessorFor(dependencies, student, leaving.userId);
    if (toUserId === null) continue;
    await dependencies.handOver({ type: 'HandOverToSchool', studentId: student.id, fromUserId: leaving.userId, toUserId, reason: leaving.reason }, actorId);
    handedOver += 1;
  }
  return handedOver;
}

/** Who would take the student over from `leavingUserId` (school-succession.ts); null for a student without a school. */
export async function schoolSuccessorFor(
  dependencies: Pick<SchoolHandOverDependencies, 'readStore'>,
  student: Pick<StudentDoc, 'schoolId' | 'caseManagerId'>,
  leavingUserId: string,
): Promise<string | null> {
  if (!student.schoolId) return null;
  const organisations = organisationQueries(dependencies.readStore);
  const school = await organisations.schoolById(student.schoolId);
  if (!school) return null;
  const districtAdminIds = (await organisations.districtById(school.districtId))?.adminIds ?? [];
  return schoolSuccessor(school, districtAdminIds, student.caseManagerId ?? null, leavingUserId);
}
