/**
 * When acknowledgement reminders fire, as pure functions of when a version was made: a teacher who has
 * not acknowledged after 3 school days (Monday to Friday) is reminded; after 5 the plan's owner is told who has not.
 */
export const ACKNOWLEDGEMENT_THRESHOLDS = [3, 5] as const;
export type AcknowledgementThreshold = (typeof ACKNOWLEDGEMENT_THRESHOLDS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
const isWeekend = (instant: Date): boolean => instant.getUTCDay() === 0 || instant.getUTCDay() === 6;

/** The instant `schoolDays` school days after `from`, at the same time of day; a weekend start counts from Monday. */
export function schoolDaysAfter(from: Date, schoolDays: number): Date {
  let at = from.getTime();
  let counted = 0;
  while (counted < schoolDays) {
    at += DAY_MS;
    if (!isWeekend(new Date(at))) counted += 1;
  }
  return new Date(at);
}

/** One job per plan, version and threshold: the queue dedupes by it, so the reminder is scheduled once. */
export const acknowledgementReminderJobId = (planId: string, version: number, threshold: AcknowledgementThreshold): string =>
  `acknowledgement-reminder:${planId}:${version}:${threshold}`;
