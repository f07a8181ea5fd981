import { describe, expect, it } from 'vitest';
import { dueWithinWindow, entersWindowToday, erasureDueOn, erasureIsDue, leavingAfter } from './retention.ts';

const june = '2026-06-15T14:00:00.000Z';

describe('the retention clock', () => {
  it('starts on the last day of the school year the student graduated from, even when the rollover is applied later', () => {
    const left = leavingAfter(null, { graduatedInto: '2026-2027' }, '2026-09-10T09:00:00.000Z');
    expect(left).toEqual({ leftAt: '2026-07-31T00:00:00.000Z', because: 'graduated' });
    expect(leavingAfter(left, { graduatedInto: '2027-2028' }, '2027-08-15T00:00:00.000Z')).toBe(left);
    // Applied before the year ended: the clock starts that day.
    expect(leavingAfter(null, { graduatedInto: '2026-2027' }, june)).toEqual({ leftAt: june, because: 'graduated' });
  });

  it('starts when the status becomes inactive (withdrawn, transferred out), and stops when the student is active again', () => {
    const left = leavingAfter(null, { status: 'inactive' }, june);
    expect(left).toEqual({ leftAt: june, because: 'inactive' });
    expect(leavingAfter(left, { status: 'inactive' }, '2027-01-01T00:00:00.000Z')).toBe(left);
    expect(leavingAfter(left, { status: 'active' }, '2027-01-01T00:00:00.000Z')).toBeNull();
    expect(leavingAfter(null, { status: 'issue' }, june)).toBeNull();
  });

  it('makes the record due the same calendar day, years later', () => {
    expect(erasureDueOn(june, 5)).toBe('2031-06-15');
    expect(erasureDueOn('2028-02-29T10:00:00.000Z', 1)).toBe('2029-03-01');
  });

  it('lists a record 30 days ahead and erases it on its day, not before', () => {
    const dueOn = '2031-06-15';
    expect(dueWithinWindow(dueOn, new Date('2031-05-15T12:00:00Z'))).toBe(false);
    expect(dueWithinWindow(dueOn, new Date('2031-05-16T12:00:00Z'))).toBe(true);
    expect(erasureIsDue(dueOn, new Date('2031-06-14T23:59:59Z'))).toBe(false);
    expect(erasureIsDue(dueOn, new Date('2031-06-15T00:00:00Z'))).toBe(true);
  });

  it('enters the 30-day window on one day only: the day the due list first shows it', () => {
    expect(entersWindowToday('2026-07-15', new Date('2026-06-15T14:00:00.000Z'))).toBe(true);
    expect(dueWithinWindow('2026-07-15', new Date('2026-06-15T14:00:00.000Z'))).toBe(true);
    expect(dueWithinWindow('2026-07-15', new Date('2026-06-14T23:59:00.000Z'))).toBe(false);
    expect(entersWindowToday('2026-07-15', new Date('2026-06-16T00:00:00.000Z'))).toBe(false);
  });
});
