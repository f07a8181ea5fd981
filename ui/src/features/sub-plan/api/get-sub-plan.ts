import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubPlanEntry } from '@accommodate/shared-events/schemas/share';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type { SubPlanEntry };

/** Every student currently shared with me as a substitute (expired shares are left out by the server). */
export const getSubPlan = (): Promise<SubPlanEntry[]> => apiRequest<SubPlanEntry[]>('/api/sub-plan');

export const getSubPlanQueryOptions = () => queryOptions({ queryKey: queryKeys.subPlan(), queryFn: getSubPlan });

export const useSubPlan = () => useQuery(getSubPlanQueryOptions());
