import type { LeftBecause } from '../../schemas/retention.ts';

/**
 * Retention (issue 23). A student has left the district when the year-end rollover graduated them (StudentGraduated)
 * or their status became 'inactive' (the form's status: withdrawn, or transferred out of the district; a transfer
 * between the district's schools keeps them). The clock starts on the day of that event; it stops if the student
 * becomes active again. Their record is erased `yearsAfterLeaving` years after that day, unless held.
 */
export interface Leaving {
  /** The instant of the event that made the student leave (ISO). */
  leftAt: string;
  because: LeftBecause;
}

/** How the student's status (or graduation) moves the clock: started once, kept while still gone, cleared on return. */
export function leavingAfter(current: Leaving | null, change: { status: string } | { graduated: true }, at: string): Leaving | null {
  if ('graduated' in change) return current ?? { leftAt: at, because: 'graduated' };
  if (change.status !== 'inactive') return null;
  return current ?? { leftAt: at, because: 'inactive' };
}

const DAY_MS = 24 * 60 * 60 * 1000;
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

/** Past the limit: the daily job erases it today (unless held). */
export const erasureIsDue = (dueOn: string, now: Date): boolean => dueOn <= dayOf(now);
