import type { EventEnvelope } from '@accommodate/shared-events/events/envelope';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import type { AccommodationStreams } from '@accommodate/shared-events/domain/accommodation/library-as-of';
import { studentStreamQueries } from '@accommodate/projections/queries/student-streams-queries';
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

/** The own streams of the accommodations a history or an as-of view names, from the log: the past is read from them. */
export async function loadAccommodationStreams(context: Pick<AppContext, 'eventStore'>, ids: Iterable<string>): Promise<AccommodationStreams> {
  const streams = new Map<string, EventEnvelope[]>();
  for (const id of new Set(ids)) streams.set(id, await context.eventStore.readStream(streamName('accommodation', id)));
  return streams;
}
