import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { ERASED } from '@accommodate/shared-events/events/personal-fields';
import { isStudentEvent } from '@accommodate/shared-events/domain/student/student';
import { evolveSharing, initialSharingState, type ShareState } from '@accommodate/shared-events/domain/sharing/sharing';
import type { ReadStore } from '@accommodate/projections/store/read-store';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { forEachTakingTurns } from '@accommodate/shared-events/timing/for-each-taking-turns';
import type { JobQueue } from '../jobs/job-queue.ts';
import { EMAIL_DUE_FOR_MS, type EmailDeliveryDependencies, type OutboxRecord } from '../notifications/email-delivery.ts';
import { ROLE_WORDS } from '../notifications/notification-rules.ts';
import { accountName } from '../notifications/account-name.ts';
import { deliverInvitationOnce, joinLinks } from '../notifications/invitation-mail.ts';

export const SHARE_INVITATION_JOB = 'share-invitation';
/** One record per invitation decided (sent or skipped): its presence means "never again". */
export const SHARE_INVITATION_OUTBOX = 'share-invitation-outbox';

/** Ids only: the address and the names are read when the mail is written, from the log and the users read model. */
export const shareInvitationJobSchema = z.object({ studentId: z.string(), shareId: z.string(), invitationId: z.string() });
export type ShareInvitationJob = z.infer<typeof shareInvitationJobSchema>;

/**
 * One invitation per teacher, address and day: sharing five students at once with a new colleague mails them once,
 * not five times (accepting makes every pending share theirs). A hash, since job ids and outbox keys are not for
 * personal data.
 */
export const shareInvitationId = (grant: { grantedBy: string; email: string; grantedAt: string }): string =>
  createHash('sha256').update(`${grant.grantedBy}\n${grant.email.trim().toLowerCase()}\n${grant.grantedAt.slice(0, 10)}`).digest('hex').slice(0, 32);

export const queueShareInvitation = (jobs: Pick<JobQueue, 'enqueue'>, job: ShareInvitationJob): Promise<void> =>
  jobs.enqueue(SHARE_INVITATION_JOB, job, { jobId: `share-invitation:${job.invitationId}` });

/**
 * Part of the sweep: the invitation again for every pending share granted in the last 3 days whose invitation
 * is not yet decided, so one lost with Redis's data still goes out (the job id dedupes one still queued).
 */
export async function sweepShareInvitations(deps: { readStore: ReadStore; jobs: Pick<JobQueue, 'enqueue'>; now: () => Date }): Promise<number> {
  const outbox = deps.readStore.state<OutboxRecord>(SHARE_INVITATION_OUTBOX);
  const since = deps.now().getTime() - EMAIL_DUE_FOR_MS;
  let queued = 0;
  await forEachTakingTurns(await caseloadQueries(deps.readStore).pendingShares(), async (share) => {
    const invitationId = shareInvitationId({ grantedBy: share.grantedById, email: share.email, grantedAt: share.createdAt });
    if (Date.parse(share.createdAt) < since || (await outbox.get(invitationId))) return;
    await queueShareInvitation(deps.jobs, { studentId: share.studentId, shareId: share.id, invitationId });
    queued += 1;
  });
  return queued;
}

/** An invitation is delivered as any notification e-mail is, with the same dependencies. */
export type ShareInvitationDependencies = EmailDeliveryDependencies;

/** The share as the student's stream holds it now (the domain's own fold): pending, activated, revoked or gone. */
async function currentShare(eventStore: Pick<EventStore, 'readStream'>, job: ShareInvitationJob): Promise<ShareState | null> {
  let state = initialSharingState();
  for (const event of await eventStore.readStream(streamName('student', job.studentId))) {
    if (isStudentEvent(event)) state = evolveSharing(state, event);
  }
  return state.shares[job.shareId] ?? null;
}

/**
 * The invitation a person receives when a student is shared with an address that has no proved account. It names
 * who shared, never the student: the address may be mistyped, and a stranger must learn nothing about a child.
 */
export function shareInvitationMail(invitation: { granterName: string; role: string; email: string; appUrl: string }): { subject: string; text: string } {
  const { granterName, email, appUrl } = invitation;
  const lines = [
    `${granterName} shared a student's 504 accommodations with you on Accommodate, as ${ROLE_WORDS[invitation.role] ?? 'a teacher'}.`,
    '',
    ...joinLinks({ email, appUrl, lead: 'To see them' }),
    '',
    'Not expecting this? You can ignore this e-mail: nothing about the student is shown until this address is confirmed.',
  ];
  return { subject: `${granterName} shared a student with you on Accommodate`, text: `${lines.join('\r\n')}\r\n` };
}

/**
 * Sends one invitation, at most once (the outbox record keyed by the invitation), and only while the share that
 * queued it is still pending: one activated, revoked or erased since it was granted is skipped.
 */
export async function deliverShareInvitation(deps: ShareInvitationDependencies, data: unknown): Promise<OutboxRecord> {
  const job = shareInvitationJobSchema.parse(data);
  return deliverInvitationOnce(deps, SHARE_INVITATION_OUTBOX, job.invitationId, async () => {
    const share = await currentShare(deps.eventStore, job);
    if (share?.status !== 'pending' || share.email === ERASED) return null;
    const granterName = await accountName(deps.readStore, share.grantedBy);
    return { to: share.email, ...shareInvitationMail({ granterName, role: share.role, email: share.email, appUrl: deps.appUrl }) };
  });
}
