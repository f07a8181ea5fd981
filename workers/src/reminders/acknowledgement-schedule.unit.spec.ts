import { describe, expect, it } from 'vitest';
import { schoolDaysAfter } from './acknowledgement-schedule.ts';

describe('acknowledgement reminders count school days', () => {
  it('skips the weekend', () => {
    // Thursday 2026-11-26: 3 school days on is Tuesday, 5 is Thursday.
    const thursday = new Date('2026-11-26T10:00:00.000Z');
    expect(schoolDaysAfter(thursday, 3).toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(schoolDaysAfter(thursday, 5).toISOString()).toBe('2026-12-03T10:00:00.000Z');
  });

  it('counts a version made on a Saturday from Monday', () => {
    expect(schoolDaysAfter(new Date('2026-11-28T09:00:00.000Z'), 3).toISOString()).toBe('2026-12-02T09:00:00.000Z');
  });
});
