import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import type { NotificationEvent } from '@accommodate/shared-events/events/notification-events';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import type { ReadStore } from '@accommodate/projections/store/read-store';
import { USERS, type UserDoc } from '@accommodate/projections/definitions/users-projection';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_PREFERENCES,
  type NotificationPreferencesDoc,
} from '@accommodate/projections/definitions/notifications-projection';
import { ERASED } from '@accommodate/shared-events/events/personal-fields';
import type { Mailer } from './mailer.ts';

export const NOTIFICATION_EMAIL_JOB = 'notification-email';
export const NOTIFICATION_OUTBOX = 'notification-outbox';

/** What happened to one notification's e-mail; its presence means "decided, never again". */
export interface OutboxRecord {
  id: string;
  status: 'sent' | 'skipped';
  via: 'smtp' | 'file' | null;
  at: string;
}

export const notificationEmailJobId = (notificationId: string): string => `email:${notificationId}`;

export interface EmailDeliveryDependencies {
  eventStore: Pick<EventStore, 'readStream'>;
  readStore: ReadStore;
  mailer: Mailer;
  now: () => Date;
}

/**
 * Sends one notification by e-mail if its recipient wants it, at most once: the outbox
 * record keyed by notificationId makes a redelivered job a no-op. (A crash between the
 * send and the record can still send twice; that is the at-least-once edge we accept.)
 */
export async function deliverNotificationEmail(deps: EmailDeliveryDependencies, notificationId: string): Promise<OutboxRecord | null> {
  const outbox = deps.readStore.state<OutboxRecord>(NOTIFICATION_OUTBOX);
  const already = await outbox.get(notificationId);
  if (already) return already;

  const raised = await raisedNotification(deps, notificationId);
  if (!raised) return null;
  const { userId, type, title, message } = raised;

  const user = await deps.readStore.collection<UserDoc>(USERS).get(userId);
  const preferences =
    (await deps.readStore.collection<NotificationPreferencesDoc>(NOTIFICATION_PREFERENCES).get(userId)) ??
    DEFAULT_NOTIFICATION_PREFERENCES;
  const at = deps.now().toISOString();
  let record: OutboxRecord;
  if (!user || !user.emailNotifications || !preferences[type]) {
    record = { id: notificationId, status: 'skipped', via: null, at };
  } else {
    const via = await deps.mailer.send({
      to: user.email,
      subject: title,
      text: `${message}\r\n\r\nOpen Accommodate to see all your notifications.\r\nYou can turn these e-mails off under Settings > Notifications.\r\n`,
      reference: notificationId,
    });
    // The student may have been erased while this message was being written, after erasure cleared the
    // outbox: read the notification again, and take back a message whose subject is now gone.
    const after = await raisedNotification(deps, notificationId);
    if (!after || after.title === ERASED || after.message === ERASED) await deps.mailer.withdraw(notificationId);
    record = { id: notificationId, status: 'sent', via, at };
  }
  await outbox.put(record);
  return record;
}

/** The event itself, not the read model: the projection may not have caught up yet. */
async function raisedNotification(deps: Pick<EmailDeliveryDependencies, 'eventStore'>, notificationId: string) {
  const history = (await deps.eventStore.readStream(streamName('notification', notificationId))) as unknown as NotificationEvent[];
  const raised = history.find((event) => event.type === 'NotificationRaised');
  return raised?.type === 'NotificationRaised' ? raised.data : null;
}
