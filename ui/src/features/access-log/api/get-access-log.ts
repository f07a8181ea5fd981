import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccessLogEntry } from '@accommodate/shared-events/schemas/access-log';
import { apiRequest } from '../../../lib/api-client.ts';
import { readerTimeZoneQuery } from '../../../lib/reader-time-zone.ts';

export type { AccessLogEntry };

export const accessLogKey = (id: string) => ['/api/students', id, 'access-log'] as const;

export const accessLogCsvUrl = (id: string) => `/api/students/${encodeURIComponent(id)}/access-log?format=csv&${readerTimeZoneQuery()}`;

export const useAccessLog = (id: string) =>
  useQuery(
    queryOptions({
      queryKey: accessLogKey(id),
      queryFn: () => apiRequest<AccessLogEntry[]>(`/api/students/${encodeURIComponent(id)}/access-log`),
      enabled: id !== '',
    }),
  );
