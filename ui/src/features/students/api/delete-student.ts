import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface DeleteStudentVariables {
  id: string;
  revision: number;
}

export const deleteStudent = ({ id, revision }: DeleteStudentVariables): Promise<void> =>
  apiRequest<void>(`/api/students/${encodeURIComponent(id)}`, { method: 'DELETE', ifMatch: revision });

export const useDeleteStudent = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStudent,
    onSuccess: async (_result, { id }) => {
      queryClient.removeQueries({ queryKey: queryKeys.student(id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.students() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allStudentAccommodations() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.plans() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.currentUser() }),
      ]);
    },
  });
};
