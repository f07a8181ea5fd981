import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { Share } from '../share-model.ts';

export const getStudentShares = (studentId: string): Promise<Share[]> =>
  apiRequest<Share[]>(`/api/students/${encodeURIComponent(studentId)}/shares`);

export const getStudentSharesQueryOptions = (studentId: string, enabled = true) =>
  queryOptions({
    queryKey: queryKeys.studentShares(studentId),
    queryFn: () => getStudentShares(studentId),
    // A share is taken up when its grantee opens the student, which pokes nobody: read afresh each time it is shown.
    staleTime: 0,
    enabled: enabled && studentId !== '',
  });

export const useStudentShares = (studentId: string, enabled = true) => useQuery(getStudentSharesQueryOptions(studentId, enabled));
