import type { NotificationEvent } from '@accommodate/shared-events/events/notification-events';
import { notFound } from '../../http/errors.ts';
import type { Decider } from '../../framework/decider.ts';
import { evolveNotification, initialNotificationState, type NotificationState } from './notification.ts';

export type NotificationCommand = { type: 'MarkNotificationRead'; notificationId: string; userId: string; read: boolean };

export function decideNotification(command: NotificationCommand, state: NotificationState): NotificationEvent[] {
  // Someone else's notification is simply not found, so ids do not leak who has what.
  if (state.status !== 'raised' || state.userId !== command.userId) throw notFound('Notification');
  if (state.read === command.read) return [];
  return [{ type: 'NotificationRead', data: { notificationId: command.notificationId, userId: command.userId, read: command.read } }];
}

export const notificationDecider: Decider<NotificationState, NotificationCommand, NotificationEvent> = {
  initialState: initialNotificationState,
  evolve: evolveNotification,
  decide: decideNotification,
};
