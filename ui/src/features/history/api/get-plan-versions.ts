import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { PlanVersion } from './history-types.ts';

export const planVersionsKey = (id: string) => ['/api/plans', id, 'revisions'] as const;

export const getPlanVersions = (id: string): Promise<PlanVersion[]> =>
  apiRequest<PlanVersion[]>(`/api/plans/${encodeURIComponent(id)}/revisions`);

export const usePlanVersions = (id: string) =>
  useQuery(queryOptions({ queryKey: planVersionsKey(id), queryFn: () => getPlanVersions(id), enabled: id !== '' }));
