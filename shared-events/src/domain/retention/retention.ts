import type { LeftBecause } from '../../schemas/retention.ts';
import { schoolYearDays } from '../school/rollover.ts';

/**
 * Retention. A student has left the district when the year-end rollover graduated them (StudentGraduated)
 * or their status became 'inactive' (the form's status: withdrawn, or transferred out of the district; a transfer
 * between the district's schools keeps them). The clock starts on the day they left: for a graduate, the last day of
 * the school year they finished (the rollover is often applied weeks later), for anyone else the day of the event. It
 * stops if the student becomes active again. Their record is erased `yearsAfterLeaving` years after that day, unless
 * held.
 */
export interface Leaving {
  /** The instant of the event that made the student leave (ISO). */
  leftAt: string;
  because: LeftBecause;
}

/** How the student's status (or graduation) moves the clock: started once, kept while still gone, cleared on return. */
export function leavingAfter(current: Leaving | null, change: { status: string } | { graduatedInto: string }, at: string): Leaving | null {
  if ('graduatedInto' in change) return current ?? { leftAt: graduationDay(change.graduatedInto, at), because: 'graduated' };
  if (change.status !== 'inactive') return null;
  return current ?? { leftAt: at, because: 'inactive' };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last day of the school year before `schoolYear` (the rollover's target), or the event's instant if earlier. */
function graduationDay(schoolYear: string, at: string): string {
  const lastDay = new Date(Date.parse(`${schoolYearDays(schoolYear).first}T00:00:00.000Z`) - DAY_MS).toISOString();
  return lastDay < at ? lastDay : at;
}
/** The window the due list looks ahead. */
export const DUE_WITHIN_DAYS = 30;

/** The day (YYYY-MM-DD, UTC) the record is due for erasure: the same calendar day, `years` later (Feb 29 → Mar 1). */
export function erasureDueOn(leftAt: string, years: number): string {
  const left = new Date(leftAt);
  return new Date(Date.UTC(left.getUTCFullYear() + years, left.getUTCMonth(), left.getUTCDate())).toISOString().slice(0, 10);
}

export const dayOf = (instant: Date): string => instant.toISOString().slice(0, 10);

/** Due by the end of the look-ahead window (the due list). */
export const dueWithinWindow = (dueOn: string, now: Date): boolean => dueOn <= dayOf(new Date(now.getTime() + DUE_WITHIN_DAYS * DAY_MS));

/** Enters the due list's window today: the daily job's notice to the district's admins counts these. */
export const entersWindowToday = (dueOn: string, now: Date): boolean => dueOn === dayOf(new Date(now.getTime() + DUE_WITHIN_DAYS * DAY_MS));

/** Past the limit: the daily job erases it today (unless held). */
export const erasureIsDue = (dueOn: string, now: Date): boolean => dueOn <= dayOf(now);
