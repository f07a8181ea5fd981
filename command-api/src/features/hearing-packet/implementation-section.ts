import { accommodationReadAt } from '@accommodate/shared-events/domain/accommodation/library-as-of';
import { IMPLEMENTATION_OUTCOME_LABELS } from '@accommodate/shared-events/schemas/implementation-log';
import { formatCalendarDate } from '@accommodate/shared-events/schemas/record-display';
import { implementationLogQueries } from '@accommodate/projections/queries/implementation-log-queries';
import { loadAccommodationStreams } from '../../shared/student-streams.ts';
import type { PacketSection } from './packet-section.ts';

/** Each day's record of whether each accommodation was provided, in the range, by date: was it actually provided? */
export const implementationSection: PacketSection = {
  title: 'Implementation log',
  blocks: async ({ context, student, range, personName }) => {
    const entries = await implementationLogQueries(context.readStore).entriesOf(student.id, { from: range.from, to: range.to });
    const library = await loadAccommodationStreams(context, entries.map((entry) => entry.accommodationId));
    const rows: string[][] = [];
    for (const entry of entries) {
      // Named as the accommodation read when the entry was made, as the rest of the packet does.
      const accommodation = accommodationReadAt(entry.accommodationId, library.get(entry.accommodationId) ?? [], entry.loggedAt).name;
      rows.push([formatCalendarDate(entry.date), accommodation, IMPLEMENTATION_OUTCOME_LABELS[entry.outcome], entry.note ?? '—', (await personName(entry.loggedBy)).name]);
    }
    return [
      {
        kind: 'table',
        columns: [{ title: 'Day', width: 1.3 }, { title: 'Accommodation', width: 2.2 }, { title: 'Outcome', width: 1.3 }, { title: 'Note', width: 2.6 }, { title: 'Logged by', width: 1.5 }],
        rows,
        empty: 'Nothing was logged for this student during the range.',
      },
    ];
  },
};
