import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface AccessLogEntry {
  id: string;
  at: string;
  user: { id: string; name: string };
  action: 'view' | 'export' | 'print' | 'download';
  what: string;
  ip: string | null;
  userAgent: string | null;
}

export const accessLogKey = (id: string) => ['/api/students', id, 'access-log'] as const;

export const accessLogCsvUrl = (id: string) => `/api/students/${encodeURIComponent(id)}/access-log?format=csv`;

export const useAccessLog = (id: string) =>
  useQuery(
    queryOptions({
      queryKey: accessLogKey(id),
      queryFn: () => apiRequest<AccessLogEntry[]>(`/api/students/${encodeURIComponent(id)}/access-log`),
      enabled: id !== '',
    }),
  );
