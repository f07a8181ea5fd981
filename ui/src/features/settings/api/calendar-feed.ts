import { useMutation } from '@tanstack/react-query';
import type { CalendarFeed } from '@accommodate/shared-events/schemas/notification';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /api/calendar-feed creates the private ICS URL, or rotates it (the old URL stops working).
 * The server keeps only a hash of the token, so the URL can be shown only in this answer.
 */
export const createCalendarFeed = (): Promise<CalendarFeed> => apiRequest<CalendarFeed>('/api/calendar-feed', { method: 'POST' });

/** DELETE /api/calendar-feed: every URL handed out so far stops working. */
export const turnOffCalendarFeed = (): Promise<void> => apiRequest<void>('/api/calendar-feed', { method: 'DELETE' });

export const useCreateCalendarFeed = () => useMutation({ mutationFn: createCalendarFeed });
export const useTurnOffCalendarFeed = () => useMutation({ mutationFn: turnOffCalendarFeed });
