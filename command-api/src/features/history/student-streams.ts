import type { EventEnvelope } from '@accommodate/shared-events/events/envelope';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { categoryOf } from '@accommodate/shared-events/config/accommodation-categories';
import type { StudentAccommodation } from '@accommodate/shared-events/schemas/student';
import { STUDENT_STREAMS, type StudentStreamsDoc } from '@accommodate/projections/definitions/student-streams-projection';
import { ACCOMMODATIONS } from '@accommodate/projections/definitions/accommodation-library-projection';
import type { Accommodation } from '@accommodate/shared-events/schemas/accommodation';
import type { AppContext } from '../../framework/command-context.ts';

export interface StudentStreams {
  student: EventEnvelope[];
  plans: EventEnvelope[][];
  documents: EventEnvelope[][];
}

/** The student's stream and the streams of every plan and document it ever had, from the log. */
export async function loadStudentStreams(context: Pick<AppContext, 'eventStore' | 'readStore'>, studentId: string): Promise<StudentStreams> {
  const index = await context.readStore.collection<StudentStreamsDoc>(STUDENT_STREAMS).get(studentId);
  const read = (category: 'plan' | 'document', id: string) => context.eventStore.readStream(streamName(category, id));
  return {
    student: await context.eventStore.readStream(streamName('student', studentId)),
    plans: await Promise.all((index?.planIds ?? []).map((id) => read('plan', id))),
    documents: await Promise.all((index?.documentIds ?? []).map((id) => read('document', id))),
  };
}

/** Library entries by id, for the ids the history mentions; a removed entry keeps a placeholder name. */
export async function accommodationsById(context: Pick<AppContext, 'readStore'>, ids: Iterable<string>): Promise<Map<string, StudentAccommodation>> {
  const library = context.readStore.collection<Accommodation>(ACCOMMODATIONS);
  const found = new Map<string, StudentAccommodation>();
  for (const id of new Set(ids)) {
    const entry = await library.get(id);
    found.set(id, entry
      ? { id, name: entry.name, category: categoryOf(entry), description: entry.description ?? null, status: 'active' }
      : { id, name: 'Removed accommodation', category: 'custom', description: null, status: 'active' });
  }
  return found;
}

/** Every accommodation id a student stream mentions. */
export const mentionedAccommodations = (events: readonly EventEnvelope[]): string[] =>
  events.flatMap((event) => {
    if (event.type !== 'StudentAccommodationsChanged') return [];
    const data = event.data as { added: string[]; removed: string[] };
    return [...data.added, ...data.removed];
  });
