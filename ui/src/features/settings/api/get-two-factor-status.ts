import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TwoFactorStatus } from '@accommodate/shared-events/schemas/two-factor';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getTwoFactorStatus = (): Promise<TwoFactorStatus> => apiRequest<TwoFactorStatus>('/api/auth/2fa');

export const getTwoFactorStatusQueryOptions = () => queryOptions({ queryKey: queryKeys.twoFactor(), queryFn: getTwoFactorStatus });

export const useTwoFactorStatus = () => useQuery(getTwoFactorStatusQueryOptions());
