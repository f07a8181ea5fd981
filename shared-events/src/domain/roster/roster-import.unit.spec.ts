import { describe, expect, it } from 'vitest';
import type { RosterEvent } from '../../events/roster-events.ts';
import { IllegalStateError } from '../errors.ts';
import { acceptRosterImport, evolveRoster, initialRosterState, releaseRosterImport, ROSTER_IMPORT_UNDER_WAY } from './roster-import.ts';

const given = (events: RosterEvent[]) => events.reduce(evolveRoster, initialRosterState());
const accepted = (importId: string, salt: string): RosterEvent => ({ type: 'RosterImportAccepted', data: { districtId: 'd', importId, salt } });

describe("a district's roster, held by one import at a time", () => {
  it('fixes the salt when the first import is accepted, before anything is written', () => {
    expect(acceptRosterImport(given([]), { districtId: 'd', importId: 'a', newSalt: 'fresh' })).toEqual([accepted('a', 'fresh')]);
  });

  it('keeps the first salt for good: a later import, and a later acceptance carrying another salt, use it', () => {
    const state = given([accepted('a', 'first'), { type: 'RosterImportReleased', data: { districtId: 'd', importId: 'a' } }]);
    expect(acceptRosterImport(state, { districtId: 'd', importId: 'b', newSalt: 'other' })).toEqual([accepted('b', 'first')]);
    expect(given([accepted('a', 'first'), accepted('a', 'second')]).salt).toBe('first');
  });

  it('refuses a second import while one holds the roster, and accepts the same import again without an event', () => {
    const state = given([accepted('a', 'salt')]);
    expect(() => acceptRosterImport(state, { districtId: 'd', importId: 'b', newSalt: 'x' })).toThrow(new IllegalStateError(ROSTER_IMPORT_UNDER_WAY));
    expect(acceptRosterImport(state, { districtId: 'd', importId: 'a', newSalt: 'x' })).toEqual([]);
  });

  it('is released by the import holding it only', () => {
    const state = given([accepted('a', 'salt')]);
    expect(releaseRosterImport(state, { districtId: 'd', importId: 'b' })).toEqual([]);
    const released = releaseRosterImport(state, { districtId: 'd', importId: 'a' });
    expect(given([accepted('a', 'salt'), ...released]).running).toBeNull();
  });
});
