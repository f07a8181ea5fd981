import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Student } from '@accommodate/shared-events/schemas/student';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getStudent = (id: string): Promise<Student> =>
  apiRequest<Student>(`/api/students/${encodeURIComponent(id)}`);

export const getStudentQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.student(id), queryFn: () => getStudent(id), enabled: id !== '' });

export const useStudent = (id: string) => useQuery(getStudentQueryOptions(id));
