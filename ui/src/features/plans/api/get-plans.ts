import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plan } from '@accommodate/shared-events/schemas/plan';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getPlans = (): Promise<Plan[]> => apiRequest<Plan[]>('/api/plans');

export const getPlansQueryOptions = () => queryOptions({ queryKey: queryKeys.plans(), queryFn: getPlans });

export const usePlans = () => useQuery(getPlansQueryOptions());

/** One student's plans, in the order the API lists them, from the same cached query as every plan. */
export const useStudentPlans = (studentId: string) =>
  useQuery({ ...getPlansQueryOptions(), select: (plans) => plans.filter((plan) => plan.studentId === studentId) });
