import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccommodationWithSpecifics } from '@accommodate/shared-events/schemas/student';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getStudentAccommodations = (id: string): Promise<AccommodationWithSpecifics[]> =>
  apiRequest<AccommodationWithSpecifics[]>(`/api/students/${encodeURIComponent(id)}/accommodations`);

export const getStudentAccommodationsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.studentAccommodations(id),
    queryFn: () => getStudentAccommodations(id),
    enabled: id !== '',
  });

export const useStudentAccommodations = (id: string) => useQuery(getStudentAccommodationsQueryOptions(id));
