import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_PREFERENCES,
  NOTIFICATIONS,
  type NotificationDoc,
  type NotificationPreferencesDoc,
} from '../definitions/notifications-projection.ts';
import type { ReadStore } from '../store/read-store.ts';

export type { NotificationDoc, NotificationPreferencesDoc };

/** The named reads of the notifications read model. */
export function notificationQueries(store: Pick<ReadStore, 'collection'>) {
  const notifications = () => store.collection<NotificationDoc>(NOTIFICATIONS);
  return {
    notificationById: (notificationId: string) => notifications().get(notificationId),
    notificationsOf: (userId: string) => notifications().find({ userId }),
    unreadNotificationsOf: (userId: string) => notifications().find({ userId, read: false }),
    /** Notifications that name the student, whoever they were for: they go when it is erased. */
    notificationsAbout: (studentId: string) => notifications().find({ studentId }),
    /** The user's per-type e-mail switches; every switch is on until they change one. */
    async preferencesOf(userId: string): Promise<NotificationPreferencesDoc> {
      return (await store.collection<NotificationPreferencesDoc>(NOTIFICATION_PREFERENCES).get(userId)) ?? { id: userId, ...DEFAULT_NOTIFICATION_PREFERENCES };
    },
  };
}
