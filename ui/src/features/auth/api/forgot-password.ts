import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput } from '@accommodate/shared-events/schemas/account';
import { apiRequest } from '../../../lib/api-client.ts';

/** Always 204: whether the address has an account is not for this page to know. */
export const forgotPassword = (input: ForgotPasswordInput): Promise<void> =>
  apiRequest<void>('/api/auth/forgot-password', { method: 'POST', body: input });

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
