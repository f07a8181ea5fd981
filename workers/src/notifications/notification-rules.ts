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

/** One notification about the student to each of its other viewers; none is about a plan. */
function toOtherViewers(
  student: StudentContext,
  actorId: string,
  draft: (userId: string) => Pick<NotificationDraft, 'type' | 'title' | 'message' | 'dedupeKey'>,
): NotificationDraft[] {
  return otherViewers(student.viewerIds, actorId).map((userId) => {
    const { type, title, message, dedupeKey } = draft(userId);
    return { userId, type, title, message, studentId: student.studentId, planId: null, dedupeKey };
  });
}

/** Who made a change, as the recipients will read it: the name on their account, since the owner is no 'co-teacher'. */
export interface ChangeActor {
  userId: string;
  name: string;
}

/** Someone uploaded a document: the student's other viewers hear of it, and from whom. */
export function documentUploadedNotifications(student: StudentContext, documentId: string, actor: ChangeActor): NotificationDraft[] {
  return toOtherViewers(student, actor.userId, (userId) => ({
    type: 'document',
    title: 'New document uploaded',
    message: `${actor.name} uploaded a document for ${student.studentLabel}`,
    dedupeKey: `document:${documentId}:${userId}`,
  }));
}

/** Someone changed a student's accommodations: feedback to the other viewers, one per change event, naming who. */
export function accommodationsChangedNotifications(
  student: StudentContext,
  change: { eventId: string; added: number; removed: number },
  actor: ChangeActor,
): NotificationDraft[] {
  const parts = [
    change.added > 0 ? `${change.added} added` : null,
    change.removed > 0 ? `${change.removed} removed` : null,
  ].filter((part) => part !== null);
  if (parts.length === 0) return [];
  return toOtherViewers(student, actor.userId, (userId) => ({
    type: 'feedback',
    title: 'Accommodations changed',
    message: `${actor.name} changed the accommodations for ${student.studentLabel} (${parts.join(', ')}).`,
    dedupeKey: `feedback:${change.eventId}:${userId}`,
  }));
}

/** A share's role as a sentence says it. */
export const ROLE_WORDS: Record<string, string> = { 'co-teacher': 'a co-teacher', substitute: 'a substitute', auditor: 'an auditor' };

/** A system notification to a share's grantee: none while the share is pending, or when the grantee made the change. */
function toGrantee(
  granteeUserId: string | null,
  actorId: string,
  draft: (granteeUserId: string) => Pick<NotificationDraft, 'title' | 'message' | 'studentId' | 'dedupeKey'>,
): NotificationDraft[] {
  if (granteeUserId === null || granteeUserId === actorId) return [];
  const { title, message, studentId, dedupeKey } = draft(granteeUserId);
  return [{ userId: granteeUserId, type: 'system', title, message, studentId, planId: null, dedupeKey }];
}

/** A student was shared with a user (granted, re-granted or a pending share activated): the grantee hears of it. */
export function shareGrantedNotifications(
  share: { eventId: string; studentId: string; studentLabel: string; granteeUserId: string | null; role: string },
  actorId: string,
): NotificationDraft[] {
  return toGrantee(share.granteeUserId, actorId, (granteeUserId) => ({
    title: 'Student shared with you',
    message: `${share.studentLabel} was shared with you as ${ROLE_WORDS[share.role] ?? 'a teacher'}.`,
    studentId: share.studentId,
    dedupeKey: `share-granted:${share.eventId}:${granteeUserId}`,
  }));
}

/**
 * Premium ended for the student's owner and the student was archived, or came back when they upgraded again (issue
 * 26): the people the student is shared with hear of it, since their edits stop, or work again.
 */
export function archiveChangedNotifications(student: StudentContext, change: { eventId: string; archived: boolean }, actorId: string): NotificationDraft[] {
  return toOtherViewers(student, actorId, (userId) => ({
    type: 'system',
    title: change.archived ? 'Student archived' : 'Student restored',
    message: change.archived
      ? `${student.studentLabel} is archived because their owner's Premium plan ended. You can still open the record, but nobody can change it until the owner upgrades again.`
      : `${student.studentLabel} is no longer archived: their owner upgraded to Premium again, and the record can be changed as before.`,
    dedupeKey: `${change.archived ? 'archived' : 'restored'}:${change.eventId}:${userId}`,
  }));
}

/** The owner deleted their account and the student passed to this co-teacher: the new owner hears of it. */
/** Why a student passed to someone (including the school's hand-over): what the new owner is told. */
const PASSED_BECAUSE: Record<'co-teacher' | 'left-school' | 'account-deleted', string> = {
  'co-teacher': "owner deleted their account. You were their longest-standing co-teacher, so you are now their owner.",
  'left-school': 'owner left the school. The school passed them to you, so you are now their owner.',
  'account-deleted': 'owner deleted their account. The school passed them to you, so you are now their owner.',
};

export function ownershipTransferredNotifications(
  transfer: { eventId: string; studentId: string; studentLabel: string; toUserId: string; because: keyof typeof PASSED_BECAUSE },
  actorId: string,
): NotificationDraft[] {
  return toGrantee(transfer.toUserId, actorId, (toUserId) => ({
    title: 'Student passed to you',
    message: `${transfer.studentLabel}'s ${PASSED_BECAUSE[transfer.because]}`,
    studentId: transfer.studentId,
    dedupeKey: `ownership-transferred:${transfer.eventId}:${toUserId}`,
  }));
}

/**
 * A share was revoked or expired: the former grantee hears of it. No name and no link,
 * since they may no longer see the student.
 */
export function shareEndedNotifications(
  share: { eventId: string; granteeUserId: string | null; reason: 'revoked' | 'expired' },
  actorId: string,
): NotificationDraft[] {
  return toGrantee(share.granteeUserId, actorId, (granteeUserId) => ({
    title: share.reason === 'expired' ? 'Shared access expired' : 'Shared access removed',
    message:
      share.reason === 'expired'
        ? 'Your access to a shared student has expired.'
        : 'A student is no longer shared with you.',
    studentId: null,
    dedupeKey: `share-ended:${share.eventId}:${granteeUserId}`,
  }));
}
