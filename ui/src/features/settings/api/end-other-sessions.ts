import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** DELETE /api/auth/sessions signs out every session but this one. */
export const endOtherSessions = (): Promise<void> => apiRequest<void>('/api/auth/sessions', { method: 'DELETE' });

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.activeSessions() }),
  });
}
