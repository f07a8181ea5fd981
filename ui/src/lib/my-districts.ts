import { useQuery } from '@tanstack/react-query';
import type { District } from '@accommodate/shared-events/schemas/school';
import { apiRequest } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * The districts I administer: none for most teachers. Shared, because the home page's district links and
 * Settings → District both start from it; its own module, so the home page carries only it.
 */
export const useMyDistricts = () => useQuery({ queryKey: queryKeys.districts(), queryFn: () => apiRequest<District[]>('/api/districts') });
