import { useQuery } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type NotificationType = 'review' | 'document' | 'feedback' | 'system';

export interface AppNotification {
  id: string;
  type: NotificationType | string;
  title: string;
  message: string;
  studentId?: string | null;
  planId?: string | null;
  date: string;
  read: boolean;
}

/** Until the server offers notifications (404), there are simply none: never invented samples. */
export async function fetchNotifications(): Promise<AppNotification[]> {
  try {
    return await apiRequest<AppNotification[]>('/api/notifications');
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return [];
    throw error;
  }
}

export function useNotifications() {
  return useQuery({ queryKey: queryKeys.notifications(), queryFn: fetchNotifications });
}
