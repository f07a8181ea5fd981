import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface RevokeShareVariables {
  studentId: string;
  shareId: string;
}

export const revokeShare = ({ studentId, shareId }: RevokeShareVariables): Promise<void> =>
  apiRequest<void>(`/api/students/${encodeURIComponent(studentId)}/shares/${encodeURIComponent(shareId)}`, {
    method: 'DELETE',
  });

export const useRevokeShare = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeShare,
    onSuccess: async (_result, { studentId }) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.studentShares(studentId) });
    },
  });
};
