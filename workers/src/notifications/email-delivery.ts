import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import { isDomainEvent } from '@accommodate/shared-events/domain/event-types';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import type { ReadStore } from '@accommodate/projections/store/read-store';
import { userQueries } from '@accommodate/projections/queries/users-queries';
import { notificationQueries } from '@accommodate/projections/queries/notification-queries';
import { ERASED } from '@accommodate/shared-events/events/personal-fields';
import type { Logger } from '@accommodate/shared-events/logging/logger';
import { forEachTakingTurns } from '@accommodate/shared-events/timing/for-each-taking-turns';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { Mailer } from './mailer.ts';

export const NOTIFICATION_EMAIL_JOB = 'notification-email';
export const NOTIFICATION_OUTBOX = 'notification-outbox';
/**
 * E-mails queued and not yet decided. The job itself lives in Redis, which can come back empty, so the
 * sweep queues these again; an entry goes once its outbox record is written.
 */
export const NOTIFICATION_EMAILS_DUE = 'notification-emails-due';
/** A due e-mail older than this is given up by the sweep: news that stale is no longer worth sending. */
export const EMAIL_DUE_FOR_MS = 3 * 24 * 60 * 60 * 1000;

/** What happened to one notification's e-mail; its presence means "decided, never again". */
export interface OutboxRecord {
  id: string;
  status: 'sent' | 'skipped';
  via: 'smtp' | 'file' | null;
  at: string;
}

/** Ids and a time only: nothing personal. */
export interface DueEmailRecord {
  id: string;
  queuedAt: string;
}

const notificationEmailJobId = (notificationId: string): string => `email:${notificationId}`;

const enqueueEmailJob = (jobs: Pick<JobQueue, 'enqueue'>, notificationId: string) =>
  jobs.enqueue(NOTIFICATION_EMAIL_JOB, { notificationId }, { jobId: notificationEmailJobId(notificationId) });

/**
 * Queues one notification's e-mail, first noting it as due: an e-mail is then never lost with Redis's
 * data, because the sweep queues every due one again (the job id dedupes one still queued).
 */
export async function queueNotificationEmail(
  deps: { readStore: ReadStore; jobs: Pick<JobQueue, 'enqueue'>; now: () => Date },
  notificationId: string,
): Promise<void> {
  const due = deps.readStore.state<DueEmailRecord>(NOTIFICATION_EMAILS_DUE);
  if (!(await due.get(notificationId))) await due.put({ id: notificationId, queuedAt: deps.now().toISOString() });
  await enqueueEmailJob(deps.jobs, notificationId);
}

/** The sweep's part: every due e-mail queued again, or dropped once decided or too old. Returns how many were queued. */
export async function sweepDueEmails(
  deps: { readStore: ReadStore; jobs: Pick<JobQueue, 'enqueue'>; now: () => Date; logger: Logger },
): Promise<number> {
  const due = deps.readStore.state<DueEmailRecord>(NOTIFICATION_EMAILS_DUE);
  const outbox = deps.readStore.state<OutboxRecord>(NOTIFICATION_OUTBOX);
  const now = deps.now().getTime();
  let queued = 0;
  await forEachTakingTurns(await due.find(), async (record) => {
    if (await outbox.get(record.id)) await due.delete(record.id);
    else if (now - Date.parse(record.queuedAt) > EMAIL_DUE_FOR_MS) {
      deps.logger.warn('notification e-mail given up: still unsent after 3 days');
      await due.delete(record.id);
    } else {
      await enqueueEmailJob(deps.jobs, record.id);
      queued += 1;
    }
  });
  return queued;
}

export interface EmailDeliveryDependencies {
  eventStore: Pick<EventStore, 'readStream'>;
  readStore: ReadStore;
  mailer: Mailer;
  now: () => Date;
  /** The app's public origin, without a trailing slash. */
  appUrl: string;
}

/** Where a notification's e-mail sends its reader: the plan or the student it is about, else their notifications. */
export function notificationLink(appUrl: string, notification: { studentId: string | null; planId: string | null }): string {
  if (notification.planId) return `${appUrl}/plans/${encodeURIComponent(notification.planId)}`;
  if (notification.studentId) return `${appUrl}/students/${encodeURIComponent(notification.studentId)}`;
  return `${appUrl}/notifications`;
}

/**
 * Sends one notification by e-mail if its recipient wants it, at most once: the outbox
 * record keyed by notificationId makes a redelivered job a no-op. (A crash between the
 * send and the record can still send twice; that is the at-least-once edge we accept.)
 */
export async function deliverNotificationEmail(deps: EmailDeliveryDependencies, notificationId: string): Promise<OutboxRecord | null> {
  const outbox = deps.readStore.state<OutboxRecord>(NOTIFICATION_OUTBOX);
  const due = deps.readStore.state<DueEmailRecord>(NOTIFICATION_EMAILS_DUE);
  const already = await outbox.get(notificationId);
  if (already) {
    await due.delete(notificationId);
    return already;
  }

  const raised = await raisedNotification(deps, notificationId);
  if (!raised) {
    await due.delete(notificationId);
    return null;
  }
  const { userId, type, title, message } = raised;

  const user = await userQueries(deps.readStore).userById(userId);
  const preferences = await notificationQueries(deps.readStore).preferencesOf(userId);
  const at = deps.now().toISOString();
  let record: OutboxRecord;
  // An erased subject (student or account) reads as ERASED: there is nothing left to tell anyone.
  const erased = raised.title === ERASED || raised.message === ERASED;
  // An address the account has not proved may be a typo, or someone else's: student news goes only to a verified one.
  if (erased || !user || !user.emailVerified || !user.emailNotifications || !preferences[type]) {
    record = { id: notificationId, status: 'skipped', via: null, at };
  } else {
    const via = await deps.mailer.send({
      to: user.email,
      subject: title,
      text: [
        message,
        '',
        `Open it in Accommodate: ${notificationLink(deps.appUrl, raised)}`,
        '',
        `All your notifications: ${deps.appUrl}/notifications`,
        `You can turn these e-mails off under Settings > Notifications: ${deps.appUrl}/settings`,
        '',
      ].join('\r\n'),
      reference: notificationId,
    });
    // The student may have been erased while this message was being written, after erasure cleared the
    // outbox: read the notification again, and take back a message whose subject is now gone.
    const after = await raisedNotification(deps, notificationId);
    if (!after || after.title === ERASED || after.message === ERASED) await deps.mailer.withdraw(notificationId);
    record = { id: notificationId, status: 'sent', via, at };
  }
  await outbox.put(record);
  await due.delete(notificationId);
  return record;
}

/** The event itself, not the read model: the projection may not have caught up yet. */
async function raisedNotification(deps: Pick<EmailDeliveryDependencies, 'eventStore'>, notificationId: string) {
  for (const event of await deps.eventStore.readStream(streamName('notification', notificationId))) {
    if (isDomainEvent(event) && event.type === 'NotificationRaised') return event.data;
  }
  return null;
}
