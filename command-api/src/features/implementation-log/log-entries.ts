import type { ImplementationBatchResult, ImplementationEntryInput } from '@accommodate/shared-events/schemas/implementation-log';
import { implementationLogDecider, type ImplementationLogCommand, type LogEntry, type LogRules } from '@accommodate/shared-events/domain/implementation-log/decide-implementation-log';
import { entryKey, entryStatus, evolveImplementationLog, implementationLogStream, monthOf } from '@accommodate/shared-events/domain/implementation-log/implementation-log';
import { earliestDay, latestToday } from '@accommodate/shared-events/domain/implementation-log/school-days';
import { studentAsOf } from '@accommodate/shared-events/domain/student/student-as-of';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import type { StudentDoc } from '@accommodate/projections/queries/caseload-schema';
import { implementationLogQueries } from '@accommodate/projections/queries/implementation-log-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand } from '../../framework/handle-command.ts';

/**
 * What the record says of the entries' dates. The accommodations a student has now count for every day; one they
 * had only in the past is found in their stream as of that day, read only when an entry names one.
 */
function rulesFor(context: Pick<AppContext, 'eventStore' | 'now'>, student: StudentDoc, entries: readonly LogEntry[]): Promise<LogRules> {
  const current = student.accommodations.map((accommodation) => accommodation.id);
  const base = { today: latestToday(context.now()), since: earliestDay(student.createdAt) };
  const pastOnes = entries.filter((entry) => !current.includes(entry.accommodationId));
  if (pastOnes.length === 0) return Promise.resolve({ ...base, accommodationIdsOn: () => current });
  return context.eventStore.readStream(streamName('student', student.id)).then((events) => {
    const heldOn = new Map<string, string[]>();
    for (const { date } of pastOnes) heldOn.set(date, studentAsOf(events, `${date}T23:59:59.999Z`)?.accommodationIds ?? []);
    return { ...base, accommodationIdsOn: (date: string) => [...current, ...(heldOn.get(date) ?? [])] };
  });
}

type EntryStatus = ImplementationBatchResult[number]['status'];
/** An entry named twice in a batch is new if it was new at first, replaced if either time replaced something. */
const strongest = (before: EntryStatus | undefined, now: EntryStatus): EntryStatus =>
  before === 'created' || now === 'created' ? 'created' : before === 'replaced' || now === 'replaced' ? 'replaced' : 'unchanged';

/**
 * Logs entries for one student, a stream per month, each as if sent alone: a new one is created, a different one
 * replaces what was there, the same one again (a retry, an offline queue sent twice) changes nothing. Answers each
 * entry as the log now holds it.
 */
export async function logEntries(context: AppContext, student: StudentDoc, userId: string, inputs: readonly ImplementationEntryInput[]): Promise<ImplementationBatchResult> {
  const entries: LogEntry[] = inputs.map(({ date, accommodationId, outcome, note }) => ({ date, accommodationId, outcome, note: note || null }));
  const rules = await rulesFor(context, student, entries);
  const byMonth = new Map<string, LogEntry[]>();
  for (const entry of entries) byMonth.set(monthOf(entry.date), [...(byMonth.get(monthOf(entry.date)) ?? []), entry]);
  const statuses = new Map<string, EntryStatus>();
  for (const [month, ofMonth] of byMonth) {
    let ofThisMonth = new Map<string, EntryStatus>();
    await handleCommand(
      context,
      implementationLogDecider,
      implementationLogStream(student.id, month),
      ({ state }): ImplementationLogCommand => {
        // Judged against the month as it is when the decision is made (again, after a conflict), entry after entry.
        ofThisMonth = new Map();
        let running = state;
        for (const entry of ofMonth) {
          const key = entryKey(entry.date, entry.accommodationId);
          const status = entryStatus(running, entry);
          if (status !== 'unchanged') running = evolveImplementationLog(running, { type: 'ImplementationLogged', data: { studentId: student.id, ...entry } });
          ofThisMonth.set(key, strongest(ofThisMonth.get(key), status));
        }
        return { type: 'LogImplementation', studentId: student.id, month, entries: ofMonth, rules };
      },
      { actor: { userId } },
    );
    for (const [key, status] of ofThisMonth) statuses.set(key, status);
  }
  const dates = entries.map((entry) => entry.date).sort();
  const logged = await implementationLogQueries(context.readStore).entriesOf(student.id, { from: dates[0], to: dates.at(-1) });
  const byKey = new Map(logged.map((entry) => [entryKey(entry.date, entry.accommodationId), entry]));
  return [...statuses].map(([key, status]) => ({ status, entry: byKey.get(key)! }));
}
