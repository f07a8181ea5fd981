import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DistrictSso, DistrictSsoForm } from '@accommodate/shared-events/schemas/district-sso';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const ssoPath = (districtId: string) => `/api/districts/${encodeURIComponent(districtId)}/sso`;
const ssoKey = (districtId: string) => [...queryKeys.districts(), districtId, 'sso'] as const;

/** Settings → District → Single sign-on: the district's provider and its domains, without its secret. */
export const useDistrictSso = (districtId: string) =>
  useQuery({ queryKey: ssoKey(districtId), queryFn: () => apiRequest<{ sso: DistrictSso | null }>(ssoPath(districtId)) });

export function useSaveDistrictSso(districtId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: DistrictSsoForm) => apiRequest<{ sso: DistrictSso | null }>(ssoPath(districtId), { method: 'PUT', body: form }),
    onSuccess: (saved) => queryClient.setQueryData(ssoKey(districtId), saved),
  });
}

/** A listed domain's TXT record looked up now: 200 once found; a 409 carries what the domain's DNS has instead. */
export function useVerifySsoDomain(districtId: string, domain: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ verified: true }>(`${ssoPath(districtId)}/domains/${encodeURIComponent(domain)}/verify`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ssoKey(districtId) }),
  });
}

export function useRemoveDistrictSso(districtId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>(ssoPath(districtId), { method: 'DELETE' }),
    onSuccess: () => queryClient.setQueryData(ssoKey(districtId), { sso: null }),
  });
}
