import { useMutation } from '@tanstack/react-query';
import type { CurrentUser, ResetPasswordInput } from '@accommodate/shared-events/schemas/account';
import type { TwoFactorChallenge } from '@accommodate/shared-events/schemas/two-factor';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSignedIn } from '../../../lib/auth.ts';

/** The signed-in account, or, for an account with two-factor sign-in, word that it must sign in with a code. */
export type PasswordResetAnswer = CurrentUser | TwoFactorChallenge;

export const needsSecondFactor = (answer: PasswordResetAnswer): answer is TwoFactorChallenge => 'twoFactorRequired' in answer;

export const resetPassword = (input: ResetPasswordInput): Promise<PasswordResetAnswer> =>
  apiRequest<PasswordResetAnswer>('/api/auth/reset-password', { method: 'POST', body: input });

/**
 * Sets the new password; the server ends every session and signs this browser in afresh, unless the account has
 * two-factor sign-in (then the person signs in with the new password and a code).
 */
export function useResetPassword() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: (answer) => {
      if (!needsSecondFactor(answer)) signedIn(answer);
    },
  });
}
