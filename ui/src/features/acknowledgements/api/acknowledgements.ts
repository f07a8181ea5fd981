import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PendingAcknowledgement, TeacherAcknowledgement } from '@accommodate/shared-events/schemas/plan-version';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/acknowledgements/pending: the plan versions the signed-in teacher has yet to acknowledge. */
export const usePendingAcknowledgements = () =>
  useQuery(queryOptions({ queryKey: queryKeys.pendingAcknowledgements(), queryFn: () => apiRequest<PendingAcknowledgement[]>('/api/acknowledgements/pending') }));

/** GET /api/plans/:id/acknowledgements: per teacher asked about the latest version. */
export const planAcknowledgementsQueryOptions = (planId: string) =>
  queryOptions({
    queryKey: queryKeys.planAcknowledgements(planId),
    queryFn: () => apiRequest<TeacherAcknowledgement[]>(`/api/plans/${encodeURIComponent(planId)}/acknowledgements`),
    enabled: planId !== '',
  });
export const usePlanAcknowledgements = (planId: string) => useQuery(planAcknowledgementsQueryOptions(planId));

export const useAcknowledgeVersion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ planId, version }: { planId: string; version: number }) =>
      apiRequest<{ at: string }>(`/api/plans/${encodeURIComponent(planId)}/versions/${version}/acknowledgement`, { method: 'POST' }),
    onSuccess: async (_, { planId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.pendingAcknowledgements() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.planAcknowledgements(planId) }),
      ]);
    },
  });
};
