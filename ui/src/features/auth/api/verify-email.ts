import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, VerifyEmailInput } from '@accommodate/shared-events/schemas/account';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const verifyEmail = (input: VerifyEmailInput): Promise<CurrentUser> =>
  apiRequest<CurrentUser>('/api/auth/verify-email', { method: 'POST', body: input });

/** The link's token, sent with this browser's session; the answer is the account, now verified (the banner goes). */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: (user) => queryClient.setQueryData(queryKeys.currentUser(), user),
  });
}
