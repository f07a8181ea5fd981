import type { EventEnvelope } from '@accommodate/shared-events/events/envelope';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { categoryOf } from '@accommodate/shared-events/config/accommodation-categories';
import type { StudentAccommodation } from '@accommodate/shared-events/schemas/student';
import { studentStreamQueries } from '@accommodate/projections/queries/student-streams-queries';
import { libraryQueries } from '@accommodate/projections/queries/accommodation-library-queries';
import type { AppContext } from '../framework/command-context.ts';

export interface StudentStreams {
  student: EventEnvelope[];
  plans: EventEnvelope[][];
  documents: EventEnvelope[][];
}

/** The student's stream and the streams of every plan and document it ever had, from the log. */
export async function loadStudentStreams(context: Pick<AppContext, 'eventStore' | 'readStore'>, studentId: string): Promise<StudentStreams> {
  const index = await studentStreamQueries(context.readStore).streamsOfStudent(studentId);
  const read = (category: 'plan' | 'document', id: string) => context.eventStore.readStream(streamName(category, id));
  return {
    student: await context.eventStore.readStream(streamName('student', studentId)),
    plans: await Promise.all((index?.planIds ?? []).map((id) => read('plan', id))),
    documents: await Promise.all((index?.documentIds ?? []).map((id) => read('document', id))),
  };
}

/** Library entries by id, for the ids a history or an as-of view shows; a removed entry keeps a placeholder name. */
export async function accommodationsById(context: Pick<AppContext, 'readStore'>, ids: Iterable<string>): Promise<Map<string, StudentAccommodation>> {
  const { accommodationById } = libraryQueries(context.readStore);
  const found = new Map<string, StudentAccommodation>();
  for (const id of new Set(ids)) {
    const entry = await accommodationById(id);
    found.set(id, entry
      ? { id, name: entry.name, category: categoryOf(entry), description: entry.description ?? null, status: 'active' }
      : { id, name: 'Removed accommodation', category: 'custom', description: null, status: 'active' });
  }
  return found;
}
