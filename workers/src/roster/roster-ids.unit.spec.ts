import { describe, expect, it } from 'vitest';
import { rosterIdFor } from './roster-ids.ts';

/** The id an earlier version made for this salt, kind and sourcedId. */
const MADE_BEFORE = 'b6da0eaf-e870-8043-b7e4-0e436b759b36';

describe('roster ids', () => {
  it('are the ids earlier imports made: a district re-imported after an upgrade updates its records in place', () => {
    const idFor = rosterIdFor('5a1t');
    // Fixed here: a change to how ids are made would duplicate every district's roster at its next import.
    expect(idFor('user', 'u-1')).toBe(MADE_BEFORE);
    expect(idFor('user', 'u-1')).toBe(MADE_BEFORE);
    expect(idFor('class', 'u-1')).not.toBe(MADE_BEFORE);
    expect(rosterIdFor('another district')('user', 'u-1')).not.toBe(MADE_BEFORE);
  });
});
