import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudentListItem } from '@accommodate/shared-events/schemas/student';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getStudents = (): Promise<StudentListItem[]> => apiRequest<StudentListItem[]>('/api/students');

export const getStudentsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.students(), queryFn: getStudents });

export const useStudents = () => useQuery(getStudentsQueryOptions());
