import { STUDENT_STREAMS, type StudentStreamsDoc } from '../definitions/student-streams-projection.ts';
import type { ReadStore } from '../store/read-store.ts';

/** The named read of the student-streams index: which plan and document streams belong to a student. */
export function studentStreamQueries(store: Pick<ReadStore, 'collection'>) {
  return {
    streamsOfStudent: (studentId: string): Promise<StudentStreamsDoc | null> => store.collection<StudentStreamsDoc>(STUDENT_STREAMS).get(studentId),
  };
}
