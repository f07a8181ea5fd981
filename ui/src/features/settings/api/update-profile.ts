import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, ProfileInput } from '@accommodate/shared-events/schemas/account';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const updateProfile = (input: ProfileInput): Promise<CurrentUser> =>
  apiRequest<CurrentUser>('/api/settings', { method: 'PUT', body: input });

/** Spec section 7: PUT /api/settings, then the current user is refreshed (here: from the answer). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(queryKeys.currentUser(), user),
  });
}
