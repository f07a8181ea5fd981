import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationPreferences,
  NotificationPreferencesInput,
} from '@accommodate/shared-events/schemas/notification';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getNotificationPreferences = (): Promise<NotificationPreferences> =>
  apiRequest<NotificationPreferences>('/api/notification-preferences');

export const getNotificationPreferencesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.notificationPreferences(), queryFn: getNotificationPreferences });

export const useNotificationPreferences = () => useQuery(getNotificationPreferencesQueryOptions());

/** PUT /api/notification-preferences with only the switches that changed; the answer is the whole set. */
export const updateNotificationPreferences = (changes: NotificationPreferencesInput): Promise<NotificationPreferences> =>
  apiRequest<NotificationPreferences>('/api/notification-preferences', { method: 'PUT', body: changes });

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.notificationPreferences(), saved),
  });
}
