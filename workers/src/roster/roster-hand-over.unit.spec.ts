import { describe, expect, it } from 'vitest';
import { oneRoster11 } from '@accommodate/shared-events/domain/testing/roster-fixtures';
import { NO_LINKS } from '@accommodate/shared-events/domain/roster/roster-plan';
import type { RosterValidation } from '@accommodate/shared-events/domain/roster/roster-validate';
import { readRoster } from './roster-reading.ts';
import { rosterParts, rosterReassembly, type RosterPart } from './roster-hand-over.ts';
import { rosterZip } from './roster-zip-fixtures.ts';

const reassembled = (parts: Iterable<RosterPart>): RosterValidation | null => {
  const reassembly = rosterReassembly();
  let result: RosterValidation | null = null;
  for (const part of parts) result = reassembly.take(part) ?? result;
  return result;
};

const rowsIn = (part: RosterPart) => (part.kind === 'rows' ? Object.values(part.rows).reduce((sum, rows) => sum + rows.length, 0) : 0);

describe('handing a roster over from its reading thread in parts', () => {
  it('puts together, from parts of at most so many rows of one list each, the very roster that was read', async () => {
    const reading = await readRoster(rosterZip(oneRoster11()), NO_LINKS, 'salt');
    const rows = reading.data!.students.length + reading.data!.enrollments.length + reading.data!.classes.length;
    const parts = [...rosterParts(reading, 2)];
    expect(parts.map((part) => part.kind)).toEqual(['head', ...Array<string>(parts.length - 2).fill('rows'), 'end']);
    expect(Math.max(...parts.map(rowsIn))).toBe(2);
    expect(parts.every((part) => part.kind !== 'rows' || Object.keys(part.rows).length === 1)).toBe(true);
    expect(parts.reduce((sum, part) => sum + rowsIn(part), 0)).toBeGreaterThanOrEqual(rows);
    expect(reassembled(parts)).toEqual(reading);
  });

  it('hands over a refused roster, its errors and no rows, as it was', async () => {
    const files = oneRoster11();
    const refused = await readRoster(rosterZip({ ...files, 'enrollments.csv': `${files['enrollments.csv']}e-x,c-991,u-s1,student,active\n` }), NO_LINKS, 'salt');
    expect(refused.errors.length).toBeGreaterThan(0);
    expect([...rosterParts(refused)].map((part) => part.kind)).toEqual(['head', 'end']);
    expect(reassembled(rosterParts(refused))).toEqual(refused);
  });

  it('refuses rows that come before the roster they belong to', () => {
    expect(() => rosterReassembly().take({ kind: 'rows', rows: { students: [] } })).toThrow('A roster part came before its head');
  });
});
