import type { ImplementationEntry } from '@accommodate/shared-events/schemas/implementation-log';
import { monthOf } from '@accommodate/shared-events/domain/implementation-log/implementation-log';
import type { ReadStore } from '../store/read-store.ts';
import { IMPLEMENTATION_LOG, implementationMonthId, type ImplementationMonthDoc } from './implementation-log-schema.ts';

/** Beyond this many months a range reads the student's whole log by its index rather than month by month. */
const MONTHS_READ_BY_ID = 24;

/** The months from one to another (YYYY-MM), both included; null when there are more than `limit`. */
function monthsBetween(from: string, to: string, limit: number): string[] | null {
  const months: string[] = [];
  let [year, month] = from.split('-').map(Number) as [number, number];
  for (let each = from; each <= to; each = `${year}-${String(month).padStart(2, '0')}`) {
    if (months.push(each) > limit) return null;
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
  return months;
}

/** Plain code-unit order: ISO dates and ids need no locale, and a year is 2,000 entries to sort per read. */
const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byDateThenAccommodation = (a: ImplementationEntry, b: ImplementationEntry) => order(a.date, b.date) || order(a.accommodationId, b.accommodationId);

/** The named reads of the implementation log. */
export function implementationLogQueries(store: Pick<ReadStore, 'collection'>) {
  const months = () => store.collection<ImplementationMonthDoc>(IMPLEMENTATION_LOG);
  const docsOf = async (studentId: string, from?: string, to?: string): Promise<ImplementationMonthDoc[]> => {
    const wanted = from !== undefined && to !== undefined ? monthsBetween(monthOf(from), monthOf(to), MONTHS_READ_BY_ID) : null;
    if (wanted === null) return months().find({ studentId });
    const docs = await Promise.all(wanted.map((month) => months().get(implementationMonthId(studentId, month))));
    return docs.filter((doc) => doc !== null);
  };
  return {
    /** One student's entries from one date to another (either open), by date then accommodation. */
    async entriesOf(studentId: string, range: { from?: string | undefined; to?: string | undefined } = {}): Promise<ImplementationEntry[]> {
      const { from, to } = range;
      const entries = (await docsOf(studentId, from, to)).flatMap((doc) => Object.values(doc.entries));
      return entries.filter((entry) => (from === undefined || entry.date >= from) && (to === undefined || entry.date <= to)).sort(byDateThenAccommodation);
    },
    /** The days with any entry for the student, from a date on. */
    async loggedDaysOf(studentId: string, from: string): Promise<Set<string>> {
      const days = new Set<string>();
      for (const doc of await months().find({ studentId })) {
        if (doc.month < monthOf(from)) continue;
        for (const entry of Object.values(doc.entries)) if (entry.date >= from) days.add(entry.date);
      }
      return days;
    },
  };
}
