import { useQuery } from '@tanstack/react-query';
import type { MySchool } from '@accommodate/shared-events/schemas/school';
import { apiRequest } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * The schools I work at, or whose district I administer, with how I reach each. Shared, because the home page picks
 * its screen by role and Settings and Notifications drop the personal plan's words for a school's staff.
 */
export const useMySchools = () => useQuery({ queryKey: queryKeys.schools(), queryFn: () => apiRequest<MySchool[]>('/api/schools') });
