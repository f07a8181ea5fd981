import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubPlanClass } from '@accommodate/shared-events/schemas/sub-plan';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type { SubPlanClass };

/** My active classes by period, each with its students' accommodations. */
export const getSubPlanClasses = (): Promise<SubPlanClass[]> => apiRequest<SubPlanClass[]>('/api/sub-plan/classes');

export const getSubPlanClassesQueryOptions = () => queryOptions({ queryKey: queryKeys.subPlanClasses(), queryFn: getSubPlanClasses });

export const useSubPlanClasses = () => useQuery(getSubPlanClassesQueryOptions());
