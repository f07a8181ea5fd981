import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import type { ReadStore } from '@accommodate/projections/store/read-store';
import type { Logger } from '@accommodate/shared-events/logging/logger';
import { z } from 'zod';
import type { JobHandlers, JobQueue } from '../jobs/job-queue.ts';
import { REVIEW_REMINDER_JOB, runReviewReminder } from '../reminders/review-reminders.ts';
import { deliverNotificationEmail, NOTIFICATION_EMAIL_JOB } from '../notifications/email-delivery.ts';
import { DAILY_SWEEPS_JOB, runDailySweeps } from './daily-sweeps.ts';
import type { Mailer } from '../notifications/mailer.ts';
import { ACKNOWLEDGEMENT_REMINDER_JOB, runAcknowledgementReminder } from '../reminders/acknowledgement-reminders.ts';
import { expireShare, SHARE_EXPIRY_JOB } from '../sharing/share-expiry.ts';
import { ROSTER_IMPORT_JOB, runRosterImport, type RosterUploads } from '../roster/roster-import-job.ts';
import { deliverShareInvitation, SHARE_INVITATION_JOB } from '../sharing/share-invitation.ts';
import { deliverOrganisationInvitation, ORGANISATION_INVITATION_JOB } from '../invitations/organisation-invitation.ts';
import { recordingOutcome } from '../operations/operation-status.ts';

export interface JobDependencies {
  eventStore: EventStore;
  readStore: ReadStore;
  logger: Logger;
  now: () => Date;
  /** The queue the handlers run on; the sweep enqueues reminders onto it. */
  jobs: JobQueue;
  mailer: Mailer;
  /** The app's public origin (config.appUrl): e-mails link to the place they are about. */
  appUrl: string;
  /** Uploaded OneRoster zips, where this process can read the API's uploads. */
  rosterUploads?: RosterUploads;
}

const emailJobSchema = z.object({ notificationId: z.string() });

/**
 * The one set of handlers, whichever queue runs them (BullMQ in the workers
 * service, timers in the one-process mode). Every handler is idempotent:
 * delivery is at least once.
 */
export function createJobHandlers(dependencies: JobDependencies): JobHandlers {
  const { logger } = dependencies;
  return {
    [REVIEW_REMINDER_JOB]: async (data) => {
      const raised = await runReviewReminder(dependencies, data);
      if (raised > 0) logger.info('review reminder raised', { notifications: raised });
    },
    [DAILY_SWEEPS_JOB]: () =>
      recordingOutcome(dependencies.readStore, 'review-sweep', dependencies.now, async () => {
        logger.info('daily sweeps done', await runDailySweeps(dependencies));
      }),
    [NOTIFICATION_EMAIL_JOB]: async (data) => {
      const { notificationId } = emailJobSchema.parse(data);
      const record = await deliverNotificationEmail(dependencies, notificationId);
      if (record?.status === 'sent') logger.info('notification e-mailed', { via: record.via });
    },
    [SHARE_INVITATION_JOB]: async (data) => {
      const record = await deliverShareInvitation(dependencies, data);
      if (record.status === 'sent') logger.info('share invitation e-mailed', { via: record.via });
    },
    [ORGANISATION_INVITATION_JOB]: async (data) => {
      const record = await deliverOrganisationInvitation(dependencies, data);
      if (record.status === 'sent') logger.info('invitation e-mailed', { via: record.via });
    },
    [ACKNOWLEDGEMENT_REMINDER_JOB]: async (data) => {
      const raised = await runAcknowledgementReminder(dependencies, data);
      if (raised > 0) logger.info('acknowledgement reminder raised', { notifications: raised });
    },
    [ROSTER_IMPORT_JOB]: (data) => runRosterImport(dependencies, data),
    [SHARE_EXPIRY_JOB]: async (data) => {
      if (await expireShare(dependencies, data)) logger.info('share expired');
    },
  };
}
