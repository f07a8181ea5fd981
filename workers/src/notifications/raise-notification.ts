import { createHash, randomUUID } from 'node:crypto';
import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import { WrongExpectedRevisionError } from '@accommodate/shared-events/event-store/event-store';
import { SYSTEM_ACTOR, type Actor } from '@accommodate/shared-events/events/envelope';
import type { EventOf } from '@accommodate/shared-events/events/define-event';
import type { NotificationRaised } from '@accommodate/shared-events/events/notification-events';
import { streamName } from '@accommodate/shared-events/events/stream-name';

/**
 * A notification for one recipient, before it has an id: NotificationRaised's data less the id.
 * Its dedupeKey is what makes it the same notification: e.g. `review:<planId>:<threshold>:<reviewDate>:<recipient>`.
 */
export type NotificationDraft = Omit<EventOf<typeof NotificationRaised>['data'], 'notificationId'>;

/** The id as a function of the dedupe key: sha256, shaped like a UUID so it passes route id checks. */
export function notificationIdFor(dedupeKey: string): string {
  const hex = createHash('sha256').update(dedupeKey).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export interface RaiseOptions {
  /** Who caused it: the co-teacher who uploaded, or the system for reminders. */
  actor?: Actor;
  /** The event that caused it, when there is one. */
  causationId?: string | null;
  correlationId?: string;
}

/**
 * Appends NotificationRaised to a stream that must not exist yet. If it exists, the
 * notification was already raised (a retry, a duplicate delivery, a racing worker):
 * that is success, and `raised` is false.
 */
export async function raiseNotification(
  eventStore: Pick<EventStore, 'append'>,
  draft: NotificationDraft,
  options: RaiseOptions = {},
): Promise<{ notificationId: string; raised: boolean }> {
  const notificationId = notificationIdFor(draft.dedupeKey);
  try {
    await eventStore.append(streamName('notification', notificationId), [{ type: 'NotificationRaised', data: { notificationId, ...draft } }], {
      expectedRevision: 'no_stream',
      actor: options.actor ?? SYSTEM_ACTOR,
      correlationId: options.correlationId ?? randomUUID(),
      causationId: options.causationId ?? null,
    });
    return { notificationId, raised: true };
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) return { notificationId, raised: false };
    throw error;
  }
}
