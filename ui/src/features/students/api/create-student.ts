import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Student, StudentInput } from '@accommodate/shared-events/schemas/student';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const createStudent = (form: StudentInput): Promise<Student> =>
  apiRequest<Student>('/api/students', { method: 'POST', body: form });

export const useCreateStudent = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStudent,
    onSuccess: async () => {
      // The list, the all-accommodations map and the user's studentCount all changed.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.students() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allStudentAccommodations() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.currentUser() }),
      ]);
    },
  });
};
