import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EnableTwoFactorInput, RecoveryCodes, TwoFactorSetup } from '@accommodate/shared-events/schemas/two-factor';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/auth/2fa/setup: a fresh secret, its link and QR code; nothing changes at sign-in yet. */
export const startTwoFactorSetup = (): Promise<TwoFactorSetup> => apiRequest<TwoFactorSetup>('/api/auth/2fa/setup', { method: 'POST' });

/** POST /api/auth/2fa/enable: a code from the app turns it on, and the answer carries the recovery codes, once. */
export const enableTwoFactor = (input: EnableTwoFactorInput): Promise<RecoveryCodes> =>
  apiRequest<RecoveryCodes>('/api/auth/2fa/enable', { method: 'POST', body: input });

export const useStartTwoFactorSetup = () => useMutation({ mutationFn: startTwoFactorSetup });

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor() }),
  });
}
