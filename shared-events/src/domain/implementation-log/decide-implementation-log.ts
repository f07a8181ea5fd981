import type { ImplementationEvent } from '../../events/implementation-events.ts';
import type { Decider } from '../decider.ts';
import { ValidationError } from '../errors.ts';
import {
  IMPLEMENTATION_EVENT_TYPES,
  entryStatus,
  evolveImplementationLog,
  initialImplementationLogState,
  monthOf,
  type ImplementationLogState,
  type LoggedOutcome,
} from './implementation-log.ts';

export type LogEntry = { date: string; accommodationId: string } & LoggedOutcome;

/** What the record says about the entries' dates, read by the route before it decides (the decider has no I/O). */
export interface LogRules {
  /** Today (YYYY-MM-DD, the school's day): no entry is for a later day. */
  today: string;
  /** The day the student was added: no entry is for an earlier one. */
  since: string;
  /** The accommodations the student had on a day: an entry is for one of them. */
  accommodationIdsOn(date: string): readonly string[];
}

/** Entries for one student and one month (the stream's), each decided as if sent alone, in order. */
export type ImplementationLogCommand = { type: 'LogImplementation'; studentId: string; month: string; entries: readonly LogEntry[]; rules: LogRules };

function validate(entry: LogEntry, command: ImplementationLogCommand): void {
  const { rules } = command;
  if (monthOf(entry.date) !== command.month) throw ValidationError.onField('date', 'An entry belongs to the month of its date');
  if (entry.date > rules.today) throw ValidationError.onField('date', 'The date cannot be in the future');
  if (entry.date < rules.since) throw ValidationError.onField('date', 'The student was not on the caseload yet on that date');
  if (!rules.accommodationIdsOn(entry.date).includes(entry.accommodationId)) {
    throw ValidationError.onField('accommodationId', 'The student did not have this accommodation on that date');
  }
  if (entry.outcome === 'not-provided' && !entry.note) throw ValidationError.onField('note', 'Say why it was not provided');
}

/**
 * A second entry for the same date and accommodation replaces the first; the same entry again (a retry, an offline
 * queue sent twice) appends nothing. A batch is refused whole if one entry is invalid, so a retry of it is the same.
 */
export function decideImplementationLog(command: ImplementationLogCommand, state: ImplementationLogState): ImplementationEvent[] {
  for (const entry of command.entries) validate(entry, command);
  const events: ImplementationEvent[] = [];
  let current = state;
  for (const { date, accommodationId, outcome, note } of command.entries) {
    if (entryStatus(current, { date, accommodationId, outcome, note }) === 'unchanged') continue;
    const event: ImplementationEvent = { type: 'ImplementationLogged', data: { studentId: command.studentId, date, accommodationId, outcome, note } };
    events.push(event);
    current = evolveImplementationLog(current, event);
  }
  return events;
}

export const implementationLogDecider: Decider<ImplementationLogState, ImplementationLogCommand, ImplementationEvent> = {
  eventTypes: IMPLEMENTATION_EVENT_TYPES,
  initialState: initialImplementationLogState,
  evolve: evolveImplementationLog,
  decide: decideImplementationLog,
};
