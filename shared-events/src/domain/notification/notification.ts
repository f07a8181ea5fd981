import { NOTIFICATION_EVENTS, type NotificationEvent } from '../../events/notification-events.ts';
import { typesOf } from '../event-types.ts';

export const NOTIFICATION_EVENT_TYPES = typesOf(NOTIFICATION_EVENTS);

/** One notification's stream: who it is for and whether they have read it. */
export type NotificationState = { status: 'absent' } | { status: 'raised'; userId: string; read: boolean };

export const initialNotificationState = (): NotificationState => ({ status: 'absent' });

export function evolveNotification(state: NotificationState, event: NotificationEvent): NotificationState {
  switch (event.type) {
    case 'NotificationRaised':
      return { status: 'raised', userId: event.data.userId, read: false };
    case 'NotificationRead':
      return state.status === 'raised' ? { ...state, read: event.data.read } : state;
    default:
      return state;
  }
}
