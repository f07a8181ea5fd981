import { describe, it } from 'vitest';
import type { ImplementationEvent } from '../../events/implementation-events.ts';
import { DeciderSpecification } from '../testing/decider-specification.ts';
import { ValidationError } from '../errors.ts';
import { implementationLogDecider, type LogEntry, type LogRules } from './decide-implementation-log.ts';

const spec = DeciderSpecification.for(implementationLogDecider);
const rules: LogRules = {
  today: '2026-11-20',
  since: '2026-09-01',
  // Extended time all term; movement breaks only from November.
  accommodationIdsOn: (date) => (date >= '2026-11-01' ? ['extended-time', 'breaks'] : ['extended-time']),
};
const log = (...entries: LogEntry[]) => ({ type: 'LogImplementation' as const, studentId: 's1', month: '2026-11', entries, rules });
const provided: LogEntry = { date: '2026-11-18', accommodationId: 'extended-time', outcome: 'provided', note: null };
const logged = (entry: LogEntry): ImplementationEvent => ({ type: 'ImplementationLogged', data: { studentId: 's1', ...entry } });
const refused: LogEntry = { ...provided, outcome: 'refused', note: 'Wanted to finish with the class' };

describe('implementation log decider', () => {
  it('logs an entry for a day and an accommodation', () => {
    spec.given([]).when(log(provided)).then([logged(provided)]);
  });

  it('a second entry for the same date and accommodation replaces the first', () => {
    spec.given([logged(provided)]).when(log(refused)).then([logged(refused)]);
  });

  it('the same entry again (a retry) is one entry: nothing is appended', () => {
    spec.given([logged(provided)]).when(log(provided)).then([]);
    spec.given([logged(provided), logged(refused)]).when(log(refused)).then([]);
  });

  it('marks all provided in one batch, skipping what is already so', () => {
    const breaks: LogEntry = { ...provided, accommodationId: 'breaks' };
    spec.given([logged(provided)]).when(log(provided, breaks)).then([logged(breaks)]);
  });

  it('a batch naming one entry twice keeps the last, once', () => {
    spec.given([]).when(log(provided, refused, refused)).then([logged(provided), logged(refused)]);
  });

  it('refuses a day in the future, before the student existed, or outside the stream month', () => {
    spec.given([]).when(log({ ...provided, date: '2026-11-21' })).thenThrows(ValidationError, (error) => error.errors?.date !== undefined);
    spec.given([]).when({ ...log({ ...provided, date: '2026-08-31' }), month: '2026-08' }).thenThrows(ValidationError);
    spec.given([]).when(log({ ...provided, date: '2026-10-30' })).thenThrows(ValidationError);
  });

  it('refuses an accommodation the student did not have on that day', () => {
    spec
      .given([])
      .when({ ...log({ ...provided, date: '2026-10-30', accommodationId: 'breaks' }), month: '2026-10' })
      .thenThrows(ValidationError, (error) => error.errors?.accommodationId !== undefined);
    spec.given([]).when(log({ ...provided, accommodationId: 'reader' })).thenThrows(ValidationError);
  });

  it('refuses "not provided" without a reason, and the whole batch with it', () => {
    spec.given([]).when(log(provided, { ...provided, accommodationId: 'breaks', outcome: 'not-provided', note: null })).thenThrows(ValidationError, (error) => error.errors?.note !== undefined);
  });
});
