import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { Share, ShareInput } from '../share-model.ts';

export interface ShareStudentVariables {
  studentId: string;
  input: ShareInput;
}

/** 201 for a new share; 200 when that e-mail already had one (its role or expiry changes). */
export const shareStudent = ({ studentId, input }: ShareStudentVariables): Promise<Share> =>
  apiRequest<Share>(`/api/students/${encodeURIComponent(studentId)}/shares`, { method: 'POST', body: input });

export const useShareStudent = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shareStudent,
    onSuccess: async (_share, { studentId }) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.studentShares(studentId) });
    },
  });
};
