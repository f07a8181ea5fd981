import dayjs from 'dayjs';

/** A moment, US style as the lists show it (spec section 9): 'Nov 25, 2026 2:05 PM'. */
export const formatDateTime = (at: string): string => dayjs(at).format('MMM D, YYYY h:mm A');

/** Spec: lists show dates as 'MMM d, yyyy'; '—' when there is none. */
export const formatListDate = (date: string | null | undefined): string =>
  date ? dayjs(date).format('MMM D, YYYY') : '—';
