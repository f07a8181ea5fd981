import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Plan, PlanForm } from '@accommodate/shared-events/schemas/plan';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface CreatePlanVariables {
  studentId: string;
  form: PlanForm;
}

export const createPlan = ({ studentId, form }: CreatePlanVariables): Promise<Plan> =>
  apiRequest<Plan>(`/api/students/${encodeURIComponent(studentId)}/plans`, { method: 'POST', body: form });

export const useCreatePlan = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.plans() }),
  });
};
