import { useQuery } from '@tanstack/react-query';
import type { District } from '@accommodate/shared-events/schemas/school';
import { apiRequest } from '../../../lib/api-client.ts';

/** The districts I administer (issue 23): none for most teachers. Its own module, so the home page carries only it. */
export const useMyDistricts = () => useQuery({ queryKey: ['/api/districts'], queryFn: () => apiRequest<District[]>('/api/districts') });
