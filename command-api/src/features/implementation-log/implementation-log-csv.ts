import { IMPLEMENTATION_OUTCOME_LABELS, type ImplementationEntry } from '@accommodate/shared-events/schemas/implementation-log';
import type { StudentAccommodation } from '@accommodate/shared-events/schemas/student';
import { csvOf } from '../../shared/csv-cell.ts';

/** The entries as a hearing officer reads them: one row per date and accommodation, by name as the student has it. */
export function implementationLogCsv(entries: readonly ImplementationEntry[], accommodations: readonly StudentAccommodation[]): string {
  const names = new Map(accommodations.map((accommodation) => [accommodation.id, accommodation.name]));
  const header = ['Date', 'Accommodation', 'Outcome', 'Note', 'Logged by (user id)', 'Logged at (UTC)'];
  const rows = entries.map((entry) => [
    entry.date,
    names.get(entry.accommodationId) ?? `Accommodation ${entry.accommodationId}`,
    IMPLEMENTATION_OUTCOME_LABELS[entry.outcome],
    entry.note,
    entry.loggedBy,
    entry.loggedAt,
  ]);
  return csvOf([header, ...rows]);
}
