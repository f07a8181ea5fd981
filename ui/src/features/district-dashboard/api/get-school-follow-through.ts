import { useQuery } from '@tanstack/react-query';
import type { SchoolFollowThrough } from '@accommodate/shared-events/schemas/district-dashboard';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { readerTimeZoneQuery } from '../../../lib/reader-time-zone.ts';

export type { SchoolFollowThrough };

/**
 * A school's final plans not acknowledged by every teacher and its days logged per plan in force, school days
 * counted up to today on this browser's clock; a plan, a day logged or a district poke refetches it.
 */
export const useSchoolFollowThrough = (schoolId: string) =>
  useQuery({
    queryKey: queryKeys.schoolFollowThrough(schoolId),
    queryFn: () => apiRequest<SchoolFollowThrough>(`/api/schools/${encodeURIComponent(schoolId)}/follow-through?${readerTimeZoneQuery()}`),
  });
