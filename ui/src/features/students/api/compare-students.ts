import { useQuery } from '@tanstack/react-query';
import type { StudentComparison } from '@accommodate/shared-events/schemas/at-a-glance';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type { StudentComparison };

export const comparePath = (ids: readonly string[]) => `/students/compare?ids=${ids.map(encodeURIComponent).join(',')}`;

/** 2 to 4 students side by side; the server answers 400 for another number and 404 if any one is not mine to see. */
export const useStudentComparison = (ids: readonly string[]) =>
  useQuery({
    queryKey: queryKeys.studentComparison(ids),
    queryFn: () => apiRequest<StudentComparison>(`/api${comparePath(ids)}`),
    // A refusal is an answer (the page says why), not a hiccup to retry.
    retry: false,
  });
