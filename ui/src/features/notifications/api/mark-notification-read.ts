import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppNotification, NotificationReadInput } from '@accommodate/shared-events/schemas/notification';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const markNotificationRead = (id: string, input: NotificationReadInput): Promise<AppNotification> =>
  apiRequest<AppNotification>(`/api/notifications/${encodeURIComponent(id)}`, { method: 'PATCH', body: input });

/**
 * PATCH /api/notifications/:id {read}. The list (and so the bell) changes at once;
 * a failure puts the old list back, and the server's answer is refetched either way.
 */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  const key = queryKeys.notifications();
  return useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) => markNotificationRead(id, { read }),
    onMutate: async ({ id, read }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<AppNotification[]>(key);
      queryClient.setQueryData<AppNotification[]>(key, (list) => list?.map((item) => (item.id === id ? { ...item, read } : item)));
      return { previous };
    },
    onError: (_error, _input, context) => queryClient.setQueryData(key, context?.previous),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
