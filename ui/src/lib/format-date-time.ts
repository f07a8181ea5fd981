import dayjs from 'dayjs';

/** A moment, US style as the lists show it (spec section 9): 'Nov 25, 2026 2:05 PM'. */
export const formatDateTime = (at: string): string => dayjs(at).format('MMM D, YYYY h:mm A');
