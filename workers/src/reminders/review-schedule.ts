/**
 * When review reminders fire, as pure functions of the review date and a clock.
 * Times are whole UTC days: a reminder is due from the start (00:00 UTC) of its day.
 */
import { formatCalendarDate } from '@accommodate/shared-events/schemas/record-display';

export const REVIEW_THRESHOLDS = ['30-day', '7-day', '1-day', 'overdue'] as const;
export type ReviewThreshold = (typeof REVIEW_THRESHOLDS)[number];

export interface ScheduledReminder {
  threshold: ReviewThreshold;
  runAt: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days from the review date to each reminder's day; 'overdue' is the day after. */
const OFFSET_DAYS: Record<ReviewThreshold, number> = { '30-day': -30, '7-day': -7, '1-day': -1, overdue: 1 };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Start of a YYYY-MM-DD day in UTC, or null for anything that is not such a date. */
export function startOfUtcDay(isoDate: string): Date | null {
  const match = ISO_DATE.exec(isoDate);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  // Date.UTC rolls 2025-02-31 over into March; such a date is refused, not moved.
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === isoDate ? date : null;
}

/**
 * The reminders to have pending for a review date: every one still ahead, plus the
 * latest one already due (it fires at once). Earlier due ones are superseded: a plan
 * created the day before its review gets 'tomorrow', not also 'in 30 days'.
 */
export function reminderSchedule(reviewDate: string, now: Date): ScheduledReminder[] {
  const review = startOfUtcDay(reviewDate);
  if (!review) return [];
  const all = REVIEW_THRESHOLDS.map((threshold) => ({
    threshold,
    runAt: new Date(review.getTime() + OFFSET_DAYS[threshold] * DAY_MS),
  }));
  const due = all.filter((reminder) => reminder.runAt.getTime() <= now.getTime());
  const ahead = all.filter((reminder) => reminder.runAt.getTime() > now.getTime());
  const latestDue = due.at(-1);
  return latestDue ? [latestDue, ...ahead] : ahead;
}

/** Whether a reminder still belongs to the schedule now (a late job for a superseded threshold does nothing). */
export const isReminderCurrent = (threshold: ReviewThreshold, reviewDate: string, now: Date): boolean =>
  reminderSchedule(reviewDate, now).some((reminder) => reminder.threshold === threshold);

/** Milliseconds from now until the reminder; 0 when it is already due. */
export const delayUntil = (reminder: ScheduledReminder, now: Date): number => Math.max(0, reminder.runAt.getTime() - now.getTime());

/** One job per plan, threshold and review date, so enqueueing twice keeps one and a moved date gets new ids. */
export const reviewReminderJobId = (planId: string, threshold: ReviewThreshold, reviewDate: string): string =>
  `review:${planId}:${threshold}:${reviewDate}`;

/** Whole UTC days from today to the review date: 1 is tomorrow, 0 today, negative once it has passed. */
export function daysUntilReview(reviewDate: string, now: Date): number | null {
  const review = startOfUtcDay(reviewDate);
  if (!review) return null;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.round((review.getTime() - today) / DAY_MS);
}

/**
 * Title and message for a recipient who can already see the student ('FirstName L.'). The threshold says only
 * when the reminder fires; what it says is counted from `now`, since a plan created 10 days before its review
 * fires its 30-day reminder at once, and it must then say 10 days, not 30. Dates read as people read them.
 */
export function reviewReminderText(
  threshold: ReviewThreshold,
  reviewDate: string,
  studentLabel: string,
  now: Date,
): { title: string; message: string } {
  const date = formatCalendarDate(reviewDate);
  const days = daysUntilReview(reviewDate, now) ?? 0;
  if (threshold === 'overdue' || days < 0) {
    return { title: 'Plan review overdue', message: `The 504 plan for ${studentLabel} was due for review on ${date} and is overdue.` };
  }
  if (days === 0) return { title: 'Plan review today', message: `The 504 plan for ${studentLabel} is due for review today (${date}).` };
  if (days === 1) return { title: 'Plan review tomorrow', message: `The 504 plan for ${studentLabel} is due for review tomorrow (${date}).` };
  return { title: `Plan review in ${days} days`, message: `The 504 plan for ${studentLabel} is due for review on ${date}.` };
}
