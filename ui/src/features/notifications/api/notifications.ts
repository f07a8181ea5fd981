import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppNotification } from '@accommodate/shared-events/schemas/notification';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type { AppNotification };

/** The signed-in user's notifications, newest first; the shell's bell reads the same cache entry. */
export const getNotifications = (): Promise<AppNotification[]> => apiRequest<AppNotification[]>('/api/notifications');

export const getNotificationsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.notifications(), queryFn: getNotifications });

export const useNotifications = () => useQuery(getNotificationsQueryOptions());
