import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { Share, ShareInput } from '../share-model.ts';

export interface ShareStudentsVariables extends ShareInput {
  studentIds: string[];
}

/** POST /api/shares: one person gets the same role on several students at once. */
export const shareStudents = (variables: ShareStudentsVariables): Promise<{ shares: Share[] }> =>
  apiRequest<{ shares: Share[] }>('/api/shares', { method: 'POST', body: variables });

export const useShareStudents = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shareStudents,
    onSuccess: async (_result, { studentIds }) => {
      await Promise.all(
        studentIds.map((id) => queryClient.invalidateQueries({ queryKey: queryKeys.studentShares(id) })),
      );
    },
  });
};
