import type { Projection } from './projection.ts';

export const STUDENT_STREAMS = 'student-streams';

/** The plan and document streams that belong to one student, for replaying its history. */
export interface StudentStreamsDoc {
  id: string;
  planIds: string[];
  documentIds: string[];
}

/**
 * An index studentId → the ids of its plans and documents, kept even after a document
 * is removed, so the history still shows it. Ids only: nothing personal is stored here.
 */
export const studentStreamsProjection: Projection = {
  name: 'student-streams',
  version: 1,
  collections: [STUDENT_STREAMS],
  handles: ['StudentAdded', 'PlanCreated', 'DocumentUploaded', 'StudentDeleted'],
  async apply(envelope, context) {
    const data = envelope.data as { studentId: string; planId?: string; documentId?: string };
    const existing = await context.get<StudentStreamsDoc>(STUDENT_STREAMS, data.studentId);
    switch (envelope.type) {
      case 'StudentAdded':
        if (!existing) context.put<StudentStreamsDoc>(STUDENT_STREAMS, { id: data.studentId, planIds: [], documentIds: [] });
        return;
      case 'StudentDeleted':
        if (existing) context.delete(STUDENT_STREAMS, data.studentId);
        return;
      case 'PlanCreated':
        if (existing && data.planId && !existing.planIds.includes(data.planId)) {
          context.put<StudentStreamsDoc>(STUDENT_STREAMS, { ...existing, planIds: [...existing.planIds, data.planId] });
        }
        return;
      case 'DocumentUploaded':
        if (existing && data.documentId && !existing.documentIds.includes(data.documentId)) {
          context.put<StudentStreamsDoc>(STUDENT_STREAMS, { ...existing, documentIds: [...existing.documentIds, data.documentId] });
        }
        return;
    }
  },
};
