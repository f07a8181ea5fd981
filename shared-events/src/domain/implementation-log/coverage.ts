import { schoolDaysBetween } from './school-days.ts';

/** What one student's coverage is judged from: dates as YYYY-MM-DD. */
export interface CoverageInput {
  /** The start of the plan in force, or null when the student has none. */
  planStart: string | null;
  /** The first day the log takes entries for the student (the day they came onto the record): none before it. */
  onRecordSince: string;
  /** The last day counted (today). */
  today: string;
  /** The district's days without school, besides weekends. */
  nonSchoolDays: ReadonlySet<string>;
  /** The days with at least one entry. */
  logged: ReadonlySet<string>;
}

export interface Coverage {
  /** The first day counted: the later of the plan's start and the student's arrival; null without a plan. */
  since: string | null;
  schoolDays: number;
  loggedDays: number;
}

/** The first day counted: the later of the plan's start and the student's arrival on the record. */
export const coverageSince = (planStart: string, onRecordSince: string): string => (planStart > onRecordSince ? planStart : onRecordSince);

/** The school days from `since` to `today`, both included: no weekend, none of the district's days off. */
export const schoolDaysCounted = (since: string, today: string, nonSchoolDays: ReadonlySet<string>): string[] =>
  since > today ? [] : schoolDaysBetween(since, today).filter((day) => !nonSchoolDays.has(day));

/**
 * A student's share of school days logged: only the days the plan was in force for a student on the record, since a
 * teacher could log nothing on the others (the server refuses an entry before the student was added), and only
 * school days (no weekend, none of the district's days off).
 */
export function coverageOf({ planStart, onRecordSince, today, nonSchoolDays, logged }: CoverageInput): Coverage {
  if (planStart === null) return { since: null, schoolDays: 0, loggedDays: 0 };
  const since = coverageSince(planStart, onRecordSince);
  const days = schoolDaysCounted(since, today, nonSchoolDays);
  return { since, schoolDays: days.length, loggedDays: days.filter((day) => logged.has(day)).length };
}
