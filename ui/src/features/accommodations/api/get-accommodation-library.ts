import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Accommodation } from '@accommodate/shared-events/schemas/accommodation';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The 21 shared templates plus the signed-in user's own accommodations. */
export const getAccommodationLibrary = (): Promise<Accommodation[]> =>
  apiRequest<Accommodation[]>('/api/accommodations/defaults');

export const getAccommodationLibraryQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.accommodationLibrary(), queryFn: getAccommodationLibrary });

export const useAccommodationLibrary = () => useQuery(getAccommodationLibraryQueryOptions());
