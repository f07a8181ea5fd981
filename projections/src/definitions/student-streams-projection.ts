import type { StudentEvent } from '@accommodate/shared-events/events/student-events';
import type { PlanEvent } from '@accommodate/shared-events/events/plan-events';
import type { DocumentEvent } from '@accommodate/shared-events/events/document-events';
import { defineProjection } from './projection.ts';

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
type IndexedEvent = Extract<StudentEvent | PlanEvent | DocumentEvent, { type: 'StudentAdded' | 'PlanCreated' | 'DocumentUploaded' | 'StudentDeleted' }>;

export const studentStreamsProjection = defineProjection<IndexedEvent>({
  name: 'student-streams',
  version: 1,
  collections: [STUDENT_STREAMS],
  handles: ['StudentAdded', 'PlanCreated', 'DocumentUploaded', 'StudentDeleted'],
  async apply(event, context) {
    const { studentId } = event.data;
    const existing = await context.get<StudentStreamsDoc>(STUDENT_STREAMS, studentId);
    switch (event.type) {
      case 'StudentAdded':
        if (!existing) context.put<StudentStreamsDoc>(STUDENT_STREAMS, { id: studentId, planIds: [], documentIds: [] });
        return;
      case 'StudentDeleted':
        if (existing) context.delete(STUDENT_STREAMS, studentId);
        return;
      case 'PlanCreated': {
        const { planId } = event.data;
        if (existing && planId && !existing.planIds.includes(planId)) {
          context.put<StudentStreamsDoc>(STUDENT_STREAMS, { ...existing, planIds: [...existing.planIds, planId] });
        }
        return;
      }
      case 'DocumentUploaded': {
        const { documentId } = event.data;
        if (existing && documentId && !existing.documentIds.includes(documentId)) {
          context.put<StudentStreamsDoc>(STUDENT_STREAMS, { ...existing, documentIds: [...existing.documentIds, documentId] });
        }
        return;
      }
    }
  },
});
