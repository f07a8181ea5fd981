import { Typography } from 'antd';
import { formatListDate } from '../lib/format-date-time.ts';
import { reviewUrgency, URGENCY_COLORS } from '../lib/review-urgency.ts';

const URGENCY_TITLES = {
  overdue: 'Review overdue',
  'within-week': 'Review due within 7 days',
  'within-month': 'Review due within 30 days',
  later: undefined,
} as const;

/** A review date coloured by how soon it falls due; '—' when there is no plan. */
export function ReviewDue({ date, prefix = '' }: { date: string | null; prefix?: string }) {
  if (!date) return <Typography.Text type="secondary">{prefix}—</Typography.Text>;
  const urgency = reviewUrgency(date);
  return (
    <Typography.Text
      style={{ color: URGENCY_COLORS[urgency], fontWeight: urgency === 'later' ? undefined : 600 }}
      title={URGENCY_TITLES[urgency]}
      data-urgency={urgency}
    >
      {prefix}
      {formatListDate(date)}
    </Typography.Text>
  );
}
