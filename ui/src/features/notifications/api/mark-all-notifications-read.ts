import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppNotification } from '@accommodate/shared-events/schemas/notification';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const markAllNotificationsRead = (): Promise<{ updated: number }> =>
  apiRequest<{ updated: number }>('/api/notifications/read-all', { method: 'POST' });

/** POST /api/notifications/read-all: every item shows as read at once, then the server's list is refetched. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  const key = queryKeys.notifications();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<AppNotification[]>(key);
      queryClient.setQueryData<AppNotification[]>(key, (list) => list?.map((item) => ({ ...item, read: true })));
      return { previous };
    },
    onError: (_error, _input, context) => queryClient.setQueryData(key, context?.previous),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
