import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@accommodate/shared-events/schemas/account';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const cancelPremium = (): Promise<CurrentUser> => apiRequest<CurrentUser>('/api/cancel-premium', { method: 'POST', body: {} });

/** Back to Free (issue 26): the students beyond the free limit are archived, so every student on screen is re-read. */
export function useCancelPremium() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPremium,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.currentUser(), user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.students() });
    },
  });
}
