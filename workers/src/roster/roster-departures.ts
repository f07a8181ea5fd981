import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { isSchoolEvent } from '@accommodate/shared-events/domain/school/school';
import { departedAccount } from '@accommodate/shared-events/domain/school/school-succession';
import { studentDecider } from '@accommodate/shared-events/domain/student/decide-student';
import type { ReadStore } from '@accommodate/projections/store/read-store';
import { organisationQueries } from '@accommodate/projections/queries/organisation-queries';
import { classQueries } from '@accommodate/projections/queries/class-queries';
import { userQueries } from '@accommodate/projections/queries/users-queries';
import type { RosterData } from '@accommodate/shared-events/domain/roster/roster-data';
import type { RosterIdKind, RosterLinks } from '@accommodate/shared-events/domain/roster/roster-context';
import { departingStaff } from '@accommodate/shared-events/domain/roster/roster-plan';
import { handOverSchoolStudents, type HandOverCommand } from '../schools/school-handover.ts';
import { decideAndAppend } from '../writes/decide-and-append.ts';

/**
 * Staff an import removed from a school (tobedeleted, or absent from a bulk users.csv) hand over the students of that
 * school they own, as a removal on the staff screen does (the same hand-over): to the case manager, a coordinator, an
 * administrator, else a district admin, with a StudentHandedOver 'left-school'. Decided on the school's stream as it
 * is, so a run after a crash, which finds the removal written already, still hands over; a second run finds nothing
 * left to hand. Returns how many students changed hands.
 */
export async function handOverLeavingStaff(
  dependencies: { eventStore: Pick<EventStore, 'readStream' | 'append'>; readStore: Pick<ReadStore, 'collection'> },
  leaving: readonly { schoolId: string; staffId: string }[],
  options: { importerId: string; importId: string },
): Promise<number> {
  const { eventStore, readStore } = dependencies;
  const write = (command: HandOverCommand, userId: string) =>
    decideAndAppend(eventStore, studentDecider, streamName('student', command.studentId), () => command, options.importId, { userId });
  let handedOver = 0;
  for (const { schoolId, staffId } of leaving) {
    const userId = departedAccount((await eventStore.readStream(streamName('school', schoolId))).filter(isSchoolEvent), staffId);
    if (userId !== null) handedOver += await handOverSchoolStudents({ readStore, handOver: write }, { userId, reason: 'left-school', schoolId }, options.importerId);
  }
  return handedOver;
}

/**
 * What the plan needs of the read model to take teachers off classes when the roster does not send their users.csv row:
 * the addresses of those a delta's enrollments take off a class and of staff who leave the SIS (the school's staff
 * record the import made holds it; staff ids are derived, as the plan derives them), and, for the leavers only, the
 * classes their address teaches or is invited to. Nobody leaving: no class is looked up, and the plan reads no class.
 */
export async function departingTeachers(
  readStore: Pick<ReadStore, 'collection'>,
  data: RosterData,
  links: RosterLinks,
  idFor: (kind: RosterIdKind, sourcedId: string) => string,
): Promise<{ staffEmails: Map<string, string>; classesByTeacherEmail: Map<string, string[]> }> {
  const sent = new Set(data.staff.map((member) => member.sourcedId));
  const offClasses = data.enrollments.filter((row) => row.role === 'teacher' && row.status === 'tobedeleted' && !sent.has(row.userSourcedId));
  const departing = new Set(departingStaff(data, links, idFor));
  const wanted = new Set([...offClasses.map((row) => idFor('user', row.userSourcedId)), ...departing]);
  const staffEmails = new Map<string, string>();
  const organisations = organisationQueries(readStore);
  for (const key of links.staff) {
    const schoolId = key.slice(0, key.indexOf('|'));
    const userId = key.slice(key.indexOf('|') + 1);
    if (!wanted.has(userId) || staffEmails.has(userId)) continue;
    const email = (await organisations.schoolById(schoolId))?.staff[idFor('staff', `${schoolId}/${userId}`)]?.email;
    if (email) staffEmails.set(userId, email);
  }
  const classesByTeacherEmail = new Map<string, string[]>();
  const classes = classQueries(readStore);
  for (const email of new Set([...departing].flatMap((userId) => staffEmails.get(userId) ?? []))) {
    const account = await userQueries(readStore).verifiedUserWithEmail(email);
    const taught = account ? await classes.classesTaughtBy(account.id) : [];
    const invited = await classes.classesInvitingEmail(email);
    classesByTeacherEmail.set(email, [...new Set([...taught, ...invited].map((doc) => doc.id))]);
  }
  return { staffEmails, classesByTeacherEmail };
}
