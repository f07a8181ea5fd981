import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlanAmendmentForm, PlanVersionView } from '@accommodate/shared-events/schemas/plan-version';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const planPath = (id: string) => `/api/plans/${encodeURIComponent(id)}`;

/** GET /api/plans/:id/versions: the signed versions, newest first, each with its differences. */
export const usePlanSignedVersions = (id: string) =>
  useQuery(queryOptions({ queryKey: queryKeys.planSignedVersions(id), queryFn: () => apiRequest<PlanVersionView[]>(`${planPath(id)}/versions`), enabled: id !== '' }));

/** A new version changes the plan, the student's accommodations and whom it asks to acknowledge: all of it refreshes. */
const useRefreshAfterVersion = () => {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.plans() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.students() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.pendingAcknowledgements() }),
    ]);
  };
};

export const useFinalisePlan = () => {
  const refresh = useRefreshAfterVersion();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ version: number }>(`${planPath(id)}/finalise`, { method: 'POST' }),
    onSuccess: refresh,
  });
};

export const useAmendPlan = () => {
  const refresh = useRefreshAfterVersion();
  return useMutation({
    mutationFn: ({ id, form }: { id: string; form: PlanAmendmentForm }) => apiRequest<{ version: number }>(`${planPath(id)}/amendments`, { method: 'POST', body: form }),
    onSuccess: refresh,
  });
};
