import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { HistoryEntry } from './history-types.ts';

/** Under the student's key, so the student's `change` pokes refresh it too. */
export const studentHistoryKey = (id: string) => ['/api/students', id, 'history'] as const;

export const getStudentHistory = (id: string): Promise<HistoryEntry[]> =>
  apiRequest<HistoryEntry[]>(`/api/students/${encodeURIComponent(id)}/history`);

export const useStudentHistory = (id: string) =>
  useQuery(queryOptions({ queryKey: studentHistoryKey(id), queryFn: () => getStudentHistory(id), enabled: id !== '' }));
