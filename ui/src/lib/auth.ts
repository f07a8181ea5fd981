import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountNotice, CurrentUser, LoginInput, RegisterInput } from '@accommodate/shared-events/schemas/account';
import { apiRequest } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

export type { CurrentUser };

/** A 401 means "signed out", which is an answer, not an error. */
export const fetchCurrentUser = (): Promise<CurrentUser | null> =>
  apiRequest<CurrentUser | null>('/api/auth/user', { on401: 'returnNull' });

export function useCurrentUser() {
  const query = useQuery({ queryKey: queryKeys.currentUser(), queryFn: fetchCurrentUser });
  return {
    user: query.data ?? null,
    isLoading: query.isPending,
    isAuthenticated: Boolean(query.data),
  };
}

export function useLogin() {
  // A different account may sign in on the same tab: drop the previous one's data.
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (input: LoginInput) => apiRequest<CurrentUser>('/api/auth/login', { method: 'POST', body: input }),
    onSuccess: signedIn,
  });
}

/** 202 and a message, never a session: the address is verified by the link mailed to it, then the person signs in. */
export function useRegister() {
  return useMutation({
    mutationFn: (input: RegisterInput) => apiRequest<AccountNotice>('/api/auth/register', { method: 'POST', body: input }),
  });
}

/** A session has begun with this account (sign-in, a password reset): the previous account's data go. */
export function useSignedIn() {
  const queryClient = useQueryClient();
  return (user: CurrentUser) => {
    queryClient.clear();
    queryClient.setQueryData(queryKeys.currentUser(), user);
  };
}

/** The shell's "Sign out": ends the session, then forgets every cached student record. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('/api/auth/logout', { method: 'POST' }),
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(queryKeys.currentUser(), null);
    },
  });
}
