import { describe, expect, it } from 'vitest';
import { withSpecifics } from './accommodation-specifics.ts';

describe('accommodations with the plan’s specifics', () => {
  const extendedTime = { id: 'a1', name: 'Extended Time', description: 'Up to 1.5x the standard time' };
  const smallGroup = { id: 'a2', name: 'Small Group', description: 'Testing in a small group' };

  it('gives each accommodation the specifics the plan records for it, and leaves the others as they are', () => {
    const specifics = [{ accommodationId: 'a2', details: 'Groups of no more than 6', where: 'Room 118', frequency: null }];
    expect(withSpecifics([extendedTime, smallGroup], specifics)).toEqual([extendedTime, { ...smallGroup, specifics: 'Groups of no more than 6 · Room 118' }]);
  });

  it('leaves them as they are without a plan record', () => {
    expect(withSpecifics([extendedTime], undefined)).toEqual([extendedTime]);
  });
});
