import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudentAccommodation } from '@accommodate/shared-events/schemas/student';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type AccommodationsByStudent = Record<string, StudentAccommodation[]>;

export const getAllStudentAccommodations = (): Promise<AccommodationsByStudent> =>
  apiRequest<AccommodationsByStudent>('/api/students/accommodations/all');

/** Spec section 7: requested only once students exist. */
export const getAllStudentAccommodationsQueryOptions = (enabled: boolean) =>
  queryOptions({ queryKey: queryKeys.allStudentAccommodations(), queryFn: getAllStudentAccommodations, enabled });

export const useAllStudentAccommodations = (enabled: boolean) =>
  useQuery(getAllStudentAccommodationsQueryOptions(enabled));
