import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** DELETE /api/auth/sessions/:id signs that session out; its open pages go to the sign-in page. */
export const endSession = (id: string): Promise<void> =>
  apiRequest<void>(`/api/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.activeSessions() }),
  });
}
