import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Student, StudentInput } from '@accommodate/shared-events/schemas/student';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface UpdateStudentVariables {
  id: string;
  /** The revision the form was loaded from; a stale one gets 412. */
  revision: number;
  form: StudentInput;
}

export const updateStudent = ({ id, revision, form }: UpdateStudentVariables): Promise<Student> =>
  apiRequest<Student>(`/api/students/${encodeURIComponent(id)}`, { method: 'PUT', body: form, ifMatch: revision });

export const useUpdateStudent = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStudent,
    onSuccess: async (_student, { id }) => {
      // ['/api/students'] prefixes the student, its accommodations and documents.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.students() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.student(id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allStudentAccommodations() }),
      ]);
    },
  });
};
