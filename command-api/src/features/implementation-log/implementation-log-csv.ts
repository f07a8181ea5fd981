import { IMPLEMENTATION_OUTCOME_LABELS, type ImplementationEntry } from '@accommodate/shared-events/schemas/implementation-log';
import type { StudentAccommodation } from '@accommodate/shared-events/schemas/student';
import { spreadsheetCsv } from '../../shared/spreadsheet-csv.ts';

/**
 * The entries as a hearing officer reads them: one row per date and accommodation, by name as the student has it,
 * and who logged each by name (`loggerNames`, by account id), never by an internal id.
 */
export function implementationLogCsv(
  entries: readonly ImplementationEntry[],
  accommodations: readonly StudentAccommodation[],
  loggerNames: ReadonlyMap<string, string>,
): string {
  const names = new Map(accommodations.map((accommodation) => [accommodation.id, accommodation.name]));
  const header = ['Date', 'Accommodation', 'Outcome', 'Note', 'Logged by', 'Logged at (UTC)'];
  const rows = entries.map((entry) => [
    entry.date,
    names.get(entry.accommodationId) ?? `Accommodation ${entry.accommodationId}`,
    IMPLEMENTATION_OUTCOME_LABELS[entry.outcome],
    entry.note,
    loggerNames.get(entry.loggedBy) ?? 'Unknown user',
    entry.loggedAt,
  ]);
  return spreadsheetCsv(header, rows);
}
