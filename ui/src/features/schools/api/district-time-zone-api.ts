import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DistrictTimeZone } from '@accommodate/shared-events/schemas/time-zone';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const timeZonePath = (districtId: string) => `/api/districts/${encodeURIComponent(districtId)}/time-zone`;

export const useDistrictTimeZone = (districtId: string) =>
  useQuery({ queryKey: queryKeys.districtTimeZone(districtId), queryFn: () => apiRequest<DistrictTimeZone>(timeZonePath(districtId)) });

export const useSetDistrictTimeZone = (districtId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timeZone: string) => apiRequest<DistrictTimeZone>(timeZonePath(districtId), { method: 'PUT', body: { timeZone } }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.districtTimeZone(districtId), saved),
  });
};
