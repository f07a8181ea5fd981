import { sweepReviewReminders } from '../reminders/review-reminders.ts';
import { sweepShareExpiries } from '../sharing/share-expiry.ts';
import { sweepDueEmails } from '../notifications/email-delivery.ts';
import { sweepShareInvitations } from '../sharing/share-invitation.ts';
import { sweepOrganisationInvitations } from '../invitations/organisation-invitation-sweep.ts';
import type { EmailDeliveryDependencies } from '../notifications/email-delivery.ts';

/**
 * The daily job. Its stored name, from when it only re-checked review reminders, is kept: deployed job schedulers and
 * the `review-sweep` operation in GET /metrics know it by that name.
 */
export const DAILY_SWEEPS_JOB = 'review-sweep';
export const DAILY_SWEEPS_EVERY_MS = 24 * 60 * 60 * 1000;

/** What the sweeps read and queue with: the one with most needs names them all. */
type SweepDependencies = Parameters<typeof sweepDueEmails>[0] & Pick<EmailDeliveryDependencies, 'eventStore'>;

/**
 * Runs the daily sweeps one after the other; how many jobs each queued. Each catches up what a lost or late job would
 * leave undone (a Redis that lost its data, a process killed mid-job), and each is idempotent: job ids deduplicate what
 * is already queued.
 */
export async function runDailySweeps(dependencies: SweepDependencies): Promise<Record<string, number>> {
  return {
    /** Review reminders for plans whose reminder jobs are missing. */
    reviewReminders: await sweepReviewReminders(dependencies),
    /** Shares past their expiry date that are still active. */
    shareExpiries: await sweepShareExpiries(dependencies),
    /** Notification e-mails that are due and were never sent. */
    dueEmails: await sweepDueEmails(dependencies),
    /** Invitations of pending shares that were never mailed. */
    shareInvitations: await sweepShareInvitations(dependencies),
    /** Invitations to a school, a district or a class that were never mailed. */
    organisationInvitations: await sweepOrganisationInvitations(dependencies),
  };
}
