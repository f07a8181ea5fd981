import { IMPLEMENTATION_EVENTS, type ImplementationEvent } from '../../events/implementation-events.ts';
import { streamName } from '../../events/stream-name.ts';
import type { ImplementationOutcome } from '../../schemas/implementation-log.ts';
import { isEventOf, typesOf } from '../event-types.ts';

// A student's implementation log, one stream per student and calendar month. A school year is about
// 2,000 entries per student; a month holds about 200, so a decision folds a small stream (and the folded-state cache
// keeps it), while a stream per student would fold the whole year for every tap, and a stream per entry would make
// 'mark all provided' a dozen appends and a range read a dozen streams per day.

export const IMPLEMENTATION_EVENT_TYPES = typesOf(IMPLEMENTATION_EVENTS);
export const isImplementationEvent = isEventOf<ImplementationEvent>(IMPLEMENTATION_EVENT_TYPES);

/** YYYY-MM of a YYYY-MM-DD date: the month whose stream holds its entries. */
export const monthOf = (date: string): string => date.slice(0, 7);

export const implementationLogStream = (studentId: string, month: string): string => streamName('implementationLog', `${studentId}_${month}`);

/** What an entry says, without who and when. */
export interface LoggedOutcome {
  outcome: ImplementationOutcome;
  note: string | null;
}

/** The month's entries by `entryKey`: the latest for each date and accommodation. */
export interface ImplementationLogState {
  entries: Record<string, LoggedOutcome>;
}

export const entryKey = (date: string, accommodationId: string): string => `${date}|${accommodationId}`;

export const initialImplementationLogState = (): ImplementationLogState => ({ entries: {} });

export function evolveImplementationLog(state: ImplementationLogState, event: ImplementationEvent): ImplementationLogState {
  const { date, accommodationId, outcome, note } = event.data;
  return { entries: { ...state.entries, [entryKey(date, accommodationId)]: { outcome, note } } };
}

/** What sending this entry would do to the month: add it, replace a different one, or nothing (a retry). */
export function entryStatus(state: ImplementationLogState, entry: { date: string; accommodationId: string } & LoggedOutcome): 'created' | 'replaced' | 'unchanged' {
  const current = state.entries[entryKey(entry.date, entry.accommodationId)];
  if (!current) return 'created';
  return current.outcome === entry.outcome && current.note === entry.note ? 'unchanged' : 'replaced';
}
