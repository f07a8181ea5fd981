import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, LoginInput, RegisterInput } from '@accommodate/shared-events/schemas/account';
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => apiRequest<CurrentUser>('/api/auth/login', { method: 'POST', body: input }),
    onSuccess: (user) => {
      // A different account may sign in on the same tab: drop the previous one's data.
      queryClient.clear();
      queryClient.setQueryData(queryKeys.currentUser(), user);
    },
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) => apiRequest<CurrentUser>('/api/auth/register', { method: 'POST', body: input }),
    onSuccess: (user) => {
      queryClient.clear();
      queryClient.setQueryData(queryKeys.currentUser(), user);
    },
  });
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
