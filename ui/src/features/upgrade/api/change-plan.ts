import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@accommodate/shared-events/schemas/account';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * A change of plan answers the account as it now is. Either way every student on screen is read again: upgrading
 * lifts the limit and brings back the students archived when Premium last ended; cancelling archives the
 * students beyond the free limit.
 */
function usePlanChange(path: '/api/upgrade-to-premium' | '/api/cancel-premium') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<CurrentUser>(path, { method: 'POST', body: {} }),
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.currentUser(), user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.students() });
    },
  });
}

export const useUpgradeToPremium = () => usePlanChange('/api/upgrade-to-premium');
export const useCancelPremium = () => usePlanChange('/api/cancel-premium');
