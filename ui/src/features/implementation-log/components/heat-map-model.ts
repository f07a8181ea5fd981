import type { ImplementationEntry } from '@accommodate/shared-events/schemas/implementation-log';
import { addDays, weekOf } from '@accommodate/shared-events/domain/implementation-log/school-days';

/** One week of one accommodation: how often it was provided when it was due (absent and not-needed days are not). */
export interface WeekCell {
  week: string;
  provided: number;
  due: number;
  /** Entries of any kind that week; none is a gap in the evidence. */
  entries: number;
}

const MIN_WEEKS = 8;
const MAX_WEEKS = 52;

/** The Mondays shown: from the first entry's week (or the last eight weeks) to this week, at most a year. */
export function weeksShown(entries: readonly ImplementationEntry[], today: string): string[] {
  const last = weekOf(today);
  const first = entries.reduce((earliest, entry) => (entry.date < earliest ? entry.date : earliest), today);
  let start = weekOf(first);
  if (start > addDays(last, -7 * (MIN_WEEKS - 1))) start = addDays(last, -7 * (MIN_WEEKS - 1));
  if (start < addDays(last, -7 * (MAX_WEEKS - 1))) start = addDays(last, -7 * (MAX_WEEKS - 1));
  const weeks: string[] = [];
  for (let week = start; week <= last; week = addDays(week, 7)) weeks.push(week);
  return weeks;
}

/** Per week, what the entries of one accommodation say. */
export function weekCells(entries: readonly ImplementationEntry[], accommodationId: string, weeks: readonly string[]): WeekCell[] {
  const cells = new Map(weeks.map((week) => [week, { week, provided: 0, due: 0, entries: 0 }]));
  for (const entry of entries) {
    if (entry.accommodationId !== accommodationId) continue;
    const cell = cells.get(weekOf(entry.date));
    if (!cell) continue;
    cell.entries += 1;
    if (entry.outcome === 'absent' || entry.outcome === 'not-needed') continue;
    cell.due += 1;
    if (entry.outcome === 'provided') cell.provided += 1;
  }
  return [...cells.values()];
}

/** The shade of a cell: a gap, nothing due, or the provided share in quarters. */
export function cellLevel(cell: WeekCell): 'gap' | 'none-due' | 0 | 1 | 2 | 3 | 4 {
  if (cell.entries === 0) return 'gap';
  if (cell.due === 0) return 'none-due';
  return Math.round((cell.provided / cell.due) * 4) as 0 | 1 | 2 | 3 | 4;
}
