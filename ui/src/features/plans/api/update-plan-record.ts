import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Plan } from '@accommodate/shared-events/schemas/plan';
import type { PlanRecordForm } from '@accommodate/shared-events/schemas/plan-record';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface UpdatePlanRecordVariables {
  id: string;
  revision: number;
  record: PlanRecordForm;
}

/** PUT /api/plans/:id/record: the whole record, against the revision shown (If-Match). */
export const updatePlanRecord = ({ id, revision, record }: UpdatePlanRecordVariables): Promise<Plan> =>
  apiRequest<Plan>(`/api/plans/${encodeURIComponent(id)}/record`, { method: 'PUT', body: record, ifMatch: revision });

export const useUpdatePlanRecord = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlanRecord,
    // The student's accommodations show the current plan's specifics: ['/api/students'] prefixes them.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.plans() }), queryClient.invalidateQueries({ queryKey: queryKeys.students() })]),
  });
};
