import { useMutation } from '@tanstack/react-query';
import type { PasswordChangeInput } from '@accommodate/shared-events/schemas/account';
import { apiRequest } from '../../../lib/api-client.ts';

export const updatePassword = (input: PasswordChangeInput): Promise<void> =>
  apiRequest<void>('/api/auth/update-password', { method: 'POST', body: input });

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
