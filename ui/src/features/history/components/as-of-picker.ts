import dayjs from 'dayjs';
import { formatCalendarDate } from '@accommodate/shared-events/schemas/record-display';

/** What the 'View as of' fields hold: a date ('YYYY-MM-DD'), and a time ('HH:mm') or ''. */
export interface AsOfChoice {
  date: string;
  time: string;
}

/** The instant to ask about and how to say it, or null while no whole date is chosen. */
export interface AsOfInstant {
  iso: string;
  label: string;
}

/**
 * A date alone means the record as it stood at the end of that day; a date and a time (minutes, no seconds),
 * as it stood at the end of that minute, so changes made during it count. Local time, as the person means it.
 */
export function asOfInstant({ date, time }: AsOfChoice): AsOfInstant | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  if (time === '') {
    const end = dayjs(date).endOf('day');
    return end.isValid() ? { iso: end.toISOString(), label: `the end of ${formatCalendarDate(date)}` } : null;
  }
  if (!/^\d{2}:\d{2}/.test(time)) return null;
  const moment = dayjs(`${date}T${time.slice(0, 5)}`);
  return moment.isValid() ? { iso: moment.endOf('minute').toISOString(), label: moment.format('MMM D, YYYY h:mm A') } : null;
}
