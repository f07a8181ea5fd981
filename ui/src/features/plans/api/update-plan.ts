import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Plan, PlanForm } from '@accommodate/shared-events/schemas/plan';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface UpdatePlanVariables {
  id: string;
  revision: number;
  patch: Partial<PlanForm>;
}

export const updatePlan = ({ id, revision, patch }: UpdatePlanVariables): Promise<Plan> =>
  apiRequest<Plan>(`/api/plans/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch, ifMatch: revision });

export const useUpdatePlan = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlan,
    // ['/api/plans'] prefixes ['/api/plans', id], so the list and the plan refresh.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.plans() }),
  });
};
