import { useMutation } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';
import { serverMessageOr } from './form-errors.ts';
import { toast } from './toast.ts';

export const resendVerification = (): Promise<void> => apiRequest<void>('/api/auth/verify-email/resend', { method: 'POST' });

/** 'Resend verification e-mail' (the shell's banner, the verify page): a new link to the account's address, and a toast. */
export function useResendVerification(email: string) {
  return useMutation({
    mutationFn: resendVerification,
    onSuccess: () => toast({ title: 'Verification E-mail Sent', description: `We sent a new link to ${email}. It works for 24 hours.` }),
    onError: (error) =>
      toast({
        title: 'Sending Failed',
        description: serverMessageOr(error, 'Failed to send the verification e-mail. Please try again.'),
        variant: 'destructive',
      }),
  });
}
