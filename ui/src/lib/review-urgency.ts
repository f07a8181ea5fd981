import dayjs from 'dayjs';

export type ReviewUrgency = 'overdue' | 'within-week' | 'within-month' | 'later';

/** Issue 3: overdue red, within 7 days orange, within 30 days gold. */
export function reviewUrgency(reviewDate: string, today: dayjs.Dayjs = dayjs()): ReviewUrgency {
  const days = dayjs(reviewDate).startOf('day').diff(today.startOf('day'), 'day');
  if (days < 0) return 'overdue';
  if (days <= 7) return 'within-week';
  if (days <= 30) return 'within-month';
  return 'later';
}

export const URGENCY_COLORS: Record<ReviewUrgency, string | undefined> = {
  overdue: '#cf1322',
  'within-week': '#d46b08',
  'within-month': '#ad8b00',
  later: undefined,
};
