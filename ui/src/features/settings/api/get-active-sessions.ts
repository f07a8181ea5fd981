import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActiveSession } from '@accommodate/shared-events/schemas/active-session';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getActiveSessions = (): Promise<ActiveSession[]> => apiRequest<ActiveSession[]>('/api/auth/sessions');

/**
 * Sessions start and end on other devices, so the list is never fresh for long: with `enabled` following the dialog's
 * `open`, it is asked afresh each time the dialog opens (the dialog stays mounted between openings).
 */
export const getActiveSessionsQueryOptions = (enabled: boolean) =>
  queryOptions({ queryKey: queryKeys.activeSessions(), queryFn: getActiveSessions, staleTime: 0, enabled });

export const useActiveSessions = (enabled: boolean) => useQuery(getActiveSessionsQueryOptions(enabled));
