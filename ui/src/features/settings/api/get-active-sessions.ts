import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActiveSession } from '@accommodate/shared-events/schemas/active-session';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getActiveSessions = (): Promise<ActiveSession[]> => apiRequest<ActiveSession[]>('/api/auth/sessions');

export const getActiveSessionsQueryOptions = () =>
  // Sessions start and end on other devices: asked afresh each time the dialog opens.
  queryOptions({ queryKey: queryKeys.activeSessions(), queryFn: getActiveSessions, staleTime: 0, refetchOnMount: 'always' });

export const useActiveSessions = () => useQuery(getActiveSessionsQueryOptions());
