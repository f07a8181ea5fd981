// School days for the implementation log: Monday to Friday. A district's own days without school (holidays,
// in-service days) are set in Settings; the coverage (coverage.ts) leaves them out too.

const DAY_MS = 86_400_000;
const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOfDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Monday to Friday. */
export const isSchoolDay = (date: string): boolean => {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
};

/** The school days from one date to another, both included. */
export function schoolDaysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = dayNumber(from); day <= dayNumber(to); day++) {
    const date = dateOfDay(day);
    if (isSchoolDay(date)) days.push(date);
  }
  return days;
}

/** The Monday of the date's week: the heat-map's column. */
export const weekOf = (date: string): string => {
  const day = dayNumber(date);
  const weekday = (new Date(day * DAY_MS).getUTCDay() + 6) % 7;
  return dateOfDay(day - weekday);
};

/** The date `days` after (or before) another. */
export const addDays = (date: string, days: number): string => dateOfDay(dayNumber(date) + days);

/**
 * The latest calendar date anywhere now: a teacher in a zone ahead of UTC logs their today, which may be tomorrow in
 * UTC (UTC+14 is the furthest ahead).
 */
export const latestToday = (now: Date): string => new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
/** The earliest calendar date anywhere at an instant (UTC-12 is the furthest behind). */
export const earliestDay = (at: string): string => new Date(Date.parse(at) - 12 * 3_600_000).toISOString().slice(0, 10);
