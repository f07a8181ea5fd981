import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plan } from '@accommodate/shared-events/schemas/plan';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getPlan = (id: string): Promise<Plan> => apiRequest<Plan>(`/api/plans/${encodeURIComponent(id)}`);

export const getPlanQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.plan(id), queryFn: () => getPlan(id), enabled: id !== '' });

export const usePlan = (id: string) => useQuery(getPlanQueryOptions(id));
