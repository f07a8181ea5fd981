import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NonSchoolDays } from '@accommodate/shared-events/schemas/non-school-days';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// Under the districts key, so a district's poke refetches them.
const nonSchoolDaysKey = (districtId: string) => [...queryKeys.districts(), districtId, 'non-school-days'] as const;
const path = (districtId: string) => `/api/districts/${encodeURIComponent(districtId)}/non-school-days`;

export const useNonSchoolDays = (districtId: string) =>
  useQuery({ queryKey: nonSchoolDaysKey(districtId), queryFn: () => apiRequest<NonSchoolDays>(path(districtId)) });

/** Saves the list whole; the coverage figures on screen count from it, so they refetch. */
export const useSetNonSchoolDays = (districtId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dates: string[]) => apiRequest<NonSchoolDays>(path(districtId), { method: 'PUT', body: { dates } }),
    onSuccess: async () => {
      await Promise.all(
        [nonSchoolDaysKey(districtId), ['/api/implementation-log/coverage'], queryKeys.schoolFollowThroughAll(), queryKeys.districts()].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
};
