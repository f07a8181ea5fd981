import { useQuery } from '@tanstack/react-query';
import type { DistrictDashboard } from '@accommodate/shared-events/schemas/district-dashboard';
import { apiRequest } from '../../../lib/api-client.ts';
import { readerTimeZoneQuery } from '../../../lib/reader-time-zone.ts';

export type { DistrictDashboard };

/** Under ['/api/districts'], which a `district` poke invalidates (change-invalidation.ts). */
export const districtDashboardKey = (districtId: string) => ['/api/districts', districtId, 'dashboard'] as const;

/** The district's figures, reviews counted from today on this browser's clock; a `district` poke refetches it. */
export const useDistrictDashboard = (districtId: string) =>
  useQuery({
    queryKey: districtDashboardKey(districtId),
    queryFn: () => apiRequest<DistrictDashboard>(`/api/districts/${encodeURIComponent(districtId)}/dashboard?${readerTimeZoneQuery()}`),
  });
