import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@accommodate/shared-events/schemas/account';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * Shares queryKeys.currentUser() with the app's auth provider, so both read one
 * cache entry; a 401 is "signed out" (null), as the shell treats it.
 */
export const getCurrentUser = (): Promise<CurrentUser | null> =>
  apiRequest<CurrentUser | null>('/api/auth/user', { on401: 'returnNull' });

export const getCurrentUserQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.currentUser(), queryFn: getCurrentUser });

export const useCurrentUser = () => useQuery(getCurrentUserQueryOptions());
