import type { NotificationEvent } from '../../events/notification-events.ts';
import type { Decider } from '../decider.ts';
import { NotFoundError } from '../errors.ts';
import { evolveNotification, initialNotificationState, NOTIFICATION_EVENT_TYPES, type NotificationState } from './notification.ts';

export type NotificationCommand = { type: 'MarkNotificationRead'; notificationId: string; userId: string; read: boolean };

export function decideNotification(command: NotificationCommand, state: NotificationState): NotificationEvent[] {
  // Someone else's notification is simply not found, so ids do not leak who has what.
  if (state.status !== 'raised' || state.userId !== command.userId) throw new NotFoundError('Notification');
  if (state.read === command.read) return [];
  return [{ type: 'NotificationRead', data: { notificationId: command.notificationId, userId: command.userId, read: command.read } }];
}

export const notificationDecider: Decider<NotificationState, NotificationCommand, NotificationEvent> = {
  eventTypes: NOTIFICATION_EVENT_TYPES,
  initialState: initialNotificationState,
  evolve: evolveNotification,
  decide: decideNotification,
};
