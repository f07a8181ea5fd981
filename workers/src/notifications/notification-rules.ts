import type { NotificationDraft } from './raise-notification.ts';

/** Everyone who may see the student except the person who made the change. */
export const otherViewers = (viewerIds: readonly string[], actorId: string): string[] =>
  [...new Set(viewerIds)].filter((viewerId) => viewerId !== actorId);

export interface StudentContext {
  studentId: string;
  /** 'FirstName L.': recipients are viewers, so they may see it. */
  studentLabel: string;
  viewerIds: readonly string[];
}

/** A co-teacher uploaded a document: the student's other viewers hear of it. */
export function documentUploadedNotifications(student: StudentContext, documentId: string, actorId: string): NotificationDraft[] {
  return otherViewers(student.viewerIds, actorId).map((userId) => ({
    userId,
    type: 'document',
    title: 'New document uploaded',
    message: `A co-teacher uploaded a document for ${student.studentLabel}`,
    studentId: student.studentId,
    planId: null,
    dedupeKey: `document:${documentId}:${userId}`,
  }));
}

/** A co-teacher changed a student's accommodations: feedback to the other viewers, one per change event. */
export function accommodationsChangedNotifications(
  student: StudentContext,
  change: { eventId: string; added: number; removed: number },
  actorId: string,
): NotificationDraft[] {
  const parts = [
    change.added > 0 ? `${change.added} added` : null,
    change.removed > 0 ? `${change.removed} removed` : null,
  ].filter((part) => part !== null);
  if (parts.length === 0) return [];
  return otherViewers(student.viewerIds, actorId).map((userId) => ({
    userId,
    type: 'feedback',
    title: 'Accommodations changed',
    message: `A co-teacher changed the accommodations for ${student.studentLabel} (${parts.join(', ')}).`,
    studentId: student.studentId,
    planId: null,
    dedupeKey: `feedback:${change.eventId}:${userId}`,
  }));
}
