import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClassForm, SchoolClass } from '@accommodate/shared-events/schemas/class';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { classPath } from './get-classes.ts';

/** Every change to a class: the list, the class and its roster refetch (they share the key prefix). */
function useClassMutation<V>(mutationFn: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.classes() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.students(), exact: true }),
      ]),
  });
}

export const useCreateClass = () =>
  useClassMutation((form: ClassForm) => apiRequest<SchoolClass>('/api/classes', { method: 'POST', body: form }));

export const useUpdateClass = () =>
  useClassMutation(({ schoolClass, form }: { schoolClass: SchoolClass; form: ClassForm }) =>
    apiRequest<SchoolClass>(classPath(schoolClass.id), { method: 'PATCH', body: form, ifMatch: schoolClass.revision }),
  );

/** DELETE archives: the class's teachers lose the students it gave them. */
export const useArchiveClass = () =>
  useClassMutation((schoolClass: SchoolClass) => apiRequest<void>(classPath(schoolClass.id), { method: 'DELETE', ifMatch: schoolClass.revision }));

export const useSetEnrolment = () =>
  useClassMutation(({ schoolClass, studentIds }: { schoolClass: SchoolClass; studentIds: string[] }) =>
    apiRequest<SchoolClass>(`${classPath(schoolClass.id)}/students`, { method: 'PUT', body: { studentIds }, ifMatch: schoolClass.revision }),
  );

export const useInviteClassTeacher = () =>
  useClassMutation(({ schoolClass, email }: { schoolClass: SchoolClass; email: string }) =>
    apiRequest<SchoolClass>(`${classPath(schoolClass.id)}/teachers`, { method: 'POST', body: { email } }),
  );

/** DELETE: the co-teacher leaves the class and loses the students it gave them (a pending invitation ends too). */
export const useRemoveClassTeacher = () =>
  useClassMutation(({ schoolClass, teacherId }: { schoolClass: SchoolClass; teacherId: string }) =>
    apiRequest<void>(`${classPath(schoolClass.id)}/teachers/${encodeURIComponent(teacherId)}`, { method: 'DELETE' }),
  );
