import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { StudentAsOf } from './history-types.ts';

export const studentAsOfKey = (id: string, asOf: string) => ['/api/students', id, 'as-of', asOf] as const;

export const getStudentAsOf = (id: string, asOf: string): Promise<StudentAsOf> =>
  apiRequest<StudentAsOf>(`/api/students/${encodeURIComponent(id)}?asOf=${encodeURIComponent(asOf)}`);

/** The past does not change: fetched once per instant. */
export const useStudentAsOf = (id: string, asOf: string | null) =>
  useQuery(
    queryOptions({
      queryKey: studentAsOfKey(id, asOf ?? ''),
      queryFn: () => getStudentAsOf(id, asOf!),
      enabled: id !== '' && asOf !== null,
      staleTime: Infinity,
      retry: false,
    }),
  );
