import dayjs from 'dayjs';

export type ReviewUrgency = 'overdue' | 'within-week' | 'within-month' | 'later';

/** Overdue red, within 7 days orange, within 30 days gold. */
export function reviewUrgency(reviewDate: string, today: dayjs.Dayjs = dayjs()): ReviewUrgency {
  const days = dayjs(reviewDate).startOf('day').diff(today.startOf('day'), 'day');
  if (days < 0) return 'overdue';
  if (days <= 7) return 'within-week';
  if (days <= 30) return 'within-month';
  return 'later';
}

/**
 * Text colours that meet WCAG AA (4.5:1) on white and on the tinted rows they sit on (#f5f7ff): antd's red-7,
 * orange-8 and gold-8 (5.6, 5.4 and 5.2:1). The lighter orange-7 and gold-7 measured 3.55 and 3.24:1.
 */
export const URGENCY_COLORS: Record<ReviewUrgency, string | undefined> = {
  overdue: '#cf1322',
  'within-week': '#ad4e00',
  'within-month': '#876800',
  later: undefined,
};
