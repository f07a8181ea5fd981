import { describe, expect, it } from 'vitest';
import type { ImplementationEntry } from '@accommodate/shared-events/schemas/implementation-log';
import { cellLevel, weekCells, weeksShown } from './heat-map-model.ts';

const entry = (date: string, outcome: ImplementationEntry['outcome'], accommodationId = 'extended-time'): ImplementationEntry => ({
  studentId: 's1',
  date,
  accommodationId,
  outcome,
  note: null,
  loggedBy: 'u1',
  loggedAt: `${date}T10:00:00Z`,
});

describe('the implementation heat-map', () => {
  it('shows at least eight weeks, Monday to Monday, ending with this week', () => {
    const weeks = weeksShown([], '2026-11-26');
    expect(weeks).toHaveLength(8);
    expect(weeks.at(-1)).toBe('2026-11-23');
    expect(weeks[0]).toBe('2026-10-05');
  });

  it('starts at the first entry’s week when that is longer ago', () => {
    expect(weeksShown([entry('2026-09-02', 'provided')], '2026-11-26')[0]).toBe('2026-08-31');
  });

  it('counts the provided share of the days it was due, and marks weeks without entries as gaps', () => {
    const weeks = ['2026-11-16', '2026-11-23'];
    const entries = [entry('2026-11-16', 'provided'), entry('2026-11-17', 'refused'), entry('2026-11-18', 'absent'), entry('2026-11-18', 'provided', 'breaks')];
    const cells = weekCells(entries, 'extended-time', weeks);
    expect(cells).toEqual([
      { week: '2026-11-16', provided: 1, due: 2, entries: 3 },
      { week: '2026-11-23', provided: 0, due: 0, entries: 0 },
    ]);
    expect(cells.map(cellLevel)).toEqual([2, 'gap']);
    expect(cellLevel({ week: '2026-11-16', provided: 0, due: 0, entries: 2 })).toBe('none-due');
  });
});
