import { useQuery } from '@tanstack/react-query';
import type { DistrictDashboard } from '@accommodate/shared-events/schemas/district-dashboard';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { readerTimeZoneQuery } from '../../../lib/reader-time-zone.ts';

export type { DistrictDashboard };

/** Under the districts' key, which a `district` poke invalidates. */
export const districtDashboardKey = (districtId: string) => [...queryKeys.districts(), districtId, 'dashboard'] as const;

/** The district's figures (issue 23), reviews counted from today on this browser's clock; a `district` poke refetches it. */
export const useDistrictDashboard = (districtId: string) =>
  useQuery({
    queryKey: districtDashboardKey(districtId),
    queryFn: () => apiRequest<DistrictDashboard>(`/api/districts/${encodeURIComponent(districtId)}/dashboard?${readerTimeZoneQuery()}`),
  });
