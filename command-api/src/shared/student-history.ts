import { accommodationsMentioned, buildHistory, historyFor, type HistoryEntry } from '@accommodate/shared-events/domain/student/student-history';
import { isStudentEvent } from '@accommodate/shared-events/domain/student/student';
import { accommodationReadAt } from '@accommodate/shared-events/domain/accommodation/library-as-of';
import { personLookup } from '@accommodate/projections/queries/users-queries';
import { organisationQueries } from '@accommodate/projections/queries/organisation-queries';
import type { AppContext } from '../framework/command-context.ts';
import { loadAccommodationStreams, loadStudentStreams } from './student-streams.ts';

/**
 * The student's whole history, newest first, with people's and accommodations' names resolved; the plan record's
 * impairment and consent only for a reader who may 'see-plan-record'.
 */
export async function studentHistory(context: Pick<AppContext, 'eventStore' | 'readStore'>, studentId: string, seesPlanRecord: boolean): Promise<HistoryEntry[]> {
  const streams = await loadStudentStreams(context, studentId);
  const library = await loadAccommodationStreams(context, accommodationsMentioned(streams.student));
  const lookup = personLookup(context.readStore);
  const actorIds = new Set([...streams.student, ...streams.plans.flat(), ...streams.documents.flat()].map((event) => event.actor.userId));
  // A change of owner names the new owner, who need not have acted on the record.
  // So does a case manager's assignment; a move names the schools.
  const schoolIds = new Set<string>();
  for (const event of streams.student) {
    if (!isStudentEvent(event)) continue;
    if (event.type === 'StudentOwnershipTransferred' || event.type === 'StudentHandedOver') actorIds.add(event.data.toUserId);
    if (event.type === 'StudentCaseManagerAssigned' && event.data.caseManagerId !== null) actorIds.add(event.data.caseManagerId);
    if (event.type === 'StudentSchoolChanged') for (const id of [event.data.fromSchoolId, event.data.toSchoolId]) if (id !== null) schoolIds.add(id);
  }
  const people = new Map<string, string>();
  for (const id of actorIds) people.set(id, (await lookup(id)).name);
  const schools = new Map<string, string>();
  const organisations = organisationQueries(context.readStore);
  for (const id of schoolIds) schools.set(id, (await organisations.schoolById(id))?.name ?? 'A school no longer in the product');
  const history = buildHistory(streams, {
    person: (id) => people.get(id) ?? 'Unknown user',
    school: (id) => schools.get(id) ?? 'Unknown school',
    accommodation: (id, at) => accommodationReadAt(id, library.get(id) ?? [], at).name,
  });
  return historyFor(history, seesPlanRecord);
}
