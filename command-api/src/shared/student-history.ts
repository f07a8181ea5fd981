import { accommodationsMentioned, buildHistory, type HistoryEntry } from '@accommodate/shared-events/domain/student/student-history';
import { isStudentEvent } from '@accommodate/shared-events/domain/student/student';
import { accommodationReadAt } from '@accommodate/shared-events/domain/accommodation/library-as-of';
import { personLookup } from '@accommodate/projections/queries/users-queries';
import type { AppContext } from '../framework/command-context.ts';
import { loadAccommodationStreams, loadStudentStreams } from './student-streams.ts';

/** The student's whole history, newest first, with people's and accommodations' names resolved. */
export async function studentHistory(context: Pick<AppContext, 'eventStore' | 'readStore'>, studentId: string): Promise<HistoryEntry[]> {
  const streams = await loadStudentStreams(context, studentId);
  const library = await loadAccommodationStreams(context, accommodationsMentioned(streams.student));
  const lookup = personLookup(context.readStore);
  const actorIds = new Set([...streams.student, ...streams.plans.flat(), ...streams.documents.flat()].map((event) => event.actor.userId));
  // A change of owner names the new owner, who need not have acted on the record.
  for (const event of streams.student) if (isStudentEvent(event) && event.type === 'StudentOwnershipTransferred') actorIds.add(event.data.toUserId);
  const people = new Map<string, string>();
  for (const id of actorIds) people.set(id, (await lookup(id)).name);
  return buildHistory(streams, {
    person: (id) => people.get(id) ?? 'Unknown user',
    accommodation: (id, at) => accommodationReadAt(id, library.get(id) ?? [], at).name,
  });
}
