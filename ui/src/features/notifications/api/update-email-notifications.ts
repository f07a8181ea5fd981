import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@accommodate/shared-events/schemas/account';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** PUT /api/settings takes the whole profile, so the user's name and e-mail travel with the switch. */
export const updateEmailNotifications = (user: CurrentUser, emailNotifications: boolean): Promise<CurrentUser> =>
  apiRequest<CurrentUser>('/api/settings', {
    method: 'PUT',
    body: { name: user.name, email: user.email, emailNotifications },
  });

/** The page's 'Email Notifications' switch is the real account setting, as on the Profile tab. */
export function useUpdateEmailNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, emailNotifications }: { user: CurrentUser; emailNotifications: boolean }) =>
      updateEmailNotifications(user, emailNotifications),
    onSuccess: (user) => queryClient.setQueryData(queryKeys.currentUser(), user),
  });
}
