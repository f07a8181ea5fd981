import { useMutation } from '@tanstack/react-query';
import type { CurrentUser, ResetPasswordInput } from '@accommodate/shared-events/schemas/account';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSignedIn } from '../../../lib/auth.ts';

export const resetPassword = (input: ResetPasswordInput): Promise<CurrentUser> =>
  apiRequest<CurrentUser>('/api/auth/reset-password', { method: 'POST', body: input });

/** Sets the new password; the server ends every session and signs this browser in afresh. */
export function useResetPassword() {
  const signedIn = useSignedIn();
  return useMutation({ mutationFn: resetPassword, onSuccess: signedIn });
}
