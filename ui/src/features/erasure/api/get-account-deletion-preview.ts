import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountDeletionOutcome } from '@accommodate/shared-events/schemas/account-deletion';
import { apiRequest } from '../../../lib/api-client.ts';

export const accountDeletionPreviewKey = () => ['/api/account/deletion-preview'] as const;

/** What deleting the account would do to its students; read when the dialog opens, and fresh each time. */
export const useAccountDeletionPreview = (enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: accountDeletionPreviewKey(),
      queryFn: () => apiRequest<AccountDeletionOutcome>('/api/account/deletion-preview'),
      enabled,
      staleTime: 0,
    }),
  );
