import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AccommodationUsage } from '@accommodate/shared-events/schemas/at-a-glance';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type { AccommodationUsage };

/** Narrows the usage view: one class the user teaches, one grade; absent is everything. */
export interface UsageFilter {
  classId?: string;
  grade?: string;
}

/** The query string both the view and its print record send, so the server logs exactly the students shown. */
export const usageQuery = (filter: UsageFilter): string => {
  const params = new URLSearchParams();
  if (filter.classId) params.set('classId', filter.classId);
  if (filter.grade) params.set('grade', filter.grade);
  const query = params.toString();
  return query ? `?${query}` : '';
};

/** Each accommodation in force across my caseload and its students, most common first. */
export const useAccommodationUsage = (filter: UsageFilter) =>
  useQuery({
    queryKey: queryKeys.accommodationUsage(filter),
    queryFn: () => apiRequest<AccommodationUsage[]>(`/api/accommodations/usage${usageQuery(filter)}`),
    // A change of filter keeps the last list on screen until the next arrives, rather than flashing a skeleton.
    placeholderData: keepPreviousData,
  });
