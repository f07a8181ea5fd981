import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DisableTwoFactorInput } from '@accommodate/shared-events/schemas/two-factor';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/auth/2fa/disable: the password and a code (or a recovery code). */
export const disableTwoFactor = (input: DisableTwoFactorInput): Promise<void> =>
  apiRequest<void>('/api/auth/2fa/disable', { method: 'POST', body: input });

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor() }),
  });
}
