import { streamName } from '@accommodate/shared-events/events/stream-name';
import { isRecordAccess } from '@accommodate/shared-events/domain/access-log/access-log';
import { INVITED_NOT_OPENED, SHARE_ROLES, type PersonRef } from '@accommodate/shared-events/schemas/share';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import type { AppContext } from '../framework/command-context.ts';

/** When each person last opened the student, from its record of access: a share is taken up once its grantee has. */
export type LastOpened = ReadonlyMap<string, string>;

export async function lastOpenedBy(context: Pick<AppContext, 'eventStore'>, studentId: string): Promise<LastOpened> {
  const opened = new Map<string, string>();
  for (const event of await context.eventStore.readStream(streamName('accessLog', studentId))) {
    if (isRecordAccess(event)) opened.set(event.data.userId, event.occurredAt);
  }
  return opened;
}

/** A share is taken up once its grantee has opened the student since it was made. */
export function isShareTakenUp(share: { granteeUserId: string | null; createdAt: string }, opened: LastOpened): boolean {
  const openedAt = share.granteeUserId === null ? undefined : opened.get(share.granteeUserId);
  return share.granteeUserId !== null && openedAt !== undefined && openedAt >= share.createdAt;
}

const isShareRole = (role: string): boolean => SHARE_ROLES.some((shareRole) => shareRole === role);

/**
 * A person as someone else reads them on this student. `notTakenUp`: an invitee who has not opened the student yet,
 * whom lists leave out, since a share to an address with no account puts nobody on them either.
 */
export type NamedOnStudent = PersonRef & { notTakenUp?: true };
export type NameOnStudent = (userId: string, role?: string) => Promise<NamedOnStudent>;

/**
 * Wraps a lookup of people so that, on one student, a grantee who has not taken their share up reads as invited and
 * unnamed, with a key that is not their account's id, and lists about the student (who is asked to acknowledge, who
 * was notified) leave them out: otherwise a plan's acknowledgements or the hearing packet would
 * tell the sharer who has an account, and their name, which the shares list keeps to itself. A person asked in a
 * share's role who never opened the student stays unnamed too, so revoking the share does not reveal them. The viewer
 * is always themselves.
 */
export async function namesOnStudent(
  context: Pick<AppContext, 'eventStore' | 'readStore'>,
  studentId: string,
  viewerId: string,
  lookup: (userId: string) => Promise<PersonRef>,
  /** People who acted on the student's plans (acknowledged a version): they have taken their share up as surely as by opening it. */
  actedOnPlans: ReadonlySet<string> = new Set(),
): Promise<NameOnStudent> {
  const opened = await lastOpenedBy(context, studentId);
  const untaken = new Map<string, string>();
  for (const share of await caseloadQueries(context.readStore).sharesOfStudent(studentId)) {
    if (share.granteeUserId !== null && !isShareTakenUp(share, opened)) untaken.set(share.granteeUserId, share.id);
  }
  const keys = new Map<string, string>();
  const unnamed = (userId: string, key: string): NamedOnStudent => {
    if (!keys.has(userId)) keys.set(userId, key);
    return { id: keys.get(userId) ?? key, name: INVITED_NOT_OPENED, notTakenUp: true };
  };
  return async (userId, role) => {
    if (userId === viewerId || actedOnPlans.has(userId)) return lookup(userId);
    const shareId = untaken.get(userId);
    if (shareId !== undefined) return unnamed(userId, shareId);
    if (role !== undefined && isShareRole(role) && !opened.has(userId)) return unnamed(userId, `invited-${keys.size + 1}`);
    return lookup(userId);
  };
}
