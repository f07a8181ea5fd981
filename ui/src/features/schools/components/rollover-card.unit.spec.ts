import { describe, expect, it } from 'vitest';
import { nextSchoolYear } from './rollover-card.tsx';

describe('the rollover’s default school year', () => {
  it('is the year after the one today falls in: in June, the coming year; from August, the one after', () => {
    expect(nextSchoolYear('2026-06-15')).toBe('2026-2027');
    expect(nextSchoolYear('2026-11-26')).toBe('2027-2028');
  });
});
