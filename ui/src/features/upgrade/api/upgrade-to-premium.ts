import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@accommodate/shared-events/schemas/account';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const upgradeToPremium = (): Promise<CurrentUser> =>
  apiRequest<CurrentUser>('/api/upgrade-to-premium', { method: 'POST', body: {} });

export function useUpgradeToPremium() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upgradeToPremium,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.currentUser(), user);
      // The student limit is lifted, and students archived when Premium last ended are back: every student is re-read.
      void queryClient.invalidateQueries({ queryKey: queryKeys.students() });
    },
  });
}
