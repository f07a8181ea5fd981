import { describe, expect, it } from 'vitest';
import { delayUntil, isReminderCurrent, reminderSchedule, reviewReminderJobId } from './review-schedule.ts';

const at = (iso: string) => new Date(iso);
const summary = (reviewDate: string, now: Date) =>
  reminderSchedule(reviewDate, now).map((r) => [r.threshold, r.runAt.toISOString(), delayUntil(r, now)]);

describe('review reminder schedule', () => {
  it('schedules 30, 7 and 1 days before and the day after, all ahead, for a review months out', () => {
    expect(summary('2025-06-30', at('2025-01-15T10:00:00Z')).map(([threshold, runAt]) => [threshold, runAt])).toEqual([
      ['30-day', '2025-05-31T00:00:00.000Z'],
      ['7-day', '2025-06-23T00:00:00.000Z'],
      ['1-day', '2025-06-29T00:00:00.000Z'],
      ['overdue', '2025-07-01T00:00:00.000Z'],
    ]);
  });

  it('fires a reminder whose time has passed at once, and only the latest of those', () => {
    // Due tomorrow: "in 30 days" and "in 7 days" would be wrong now.
    expect(summary('2025-03-15', at('2025-03-14T09:30:00Z'))).toEqual([
      ['1-day', '2025-03-14T00:00:00.000Z', 0],
      ['overdue', '2025-03-16T00:00:00.000Z', (24 + 14.5) * 3_600_000],
    ]);
  });

  it('keeps only the overdue reminder once the review date has passed', () => {
    expect(summary('2024-09-01', at('2025-03-14T00:00:00Z'))).toEqual([['overdue', '2024-09-02T00:00:00.000Z', 0]]);
  });

  it('moves with the clock: a threshold is due from the start of its UTC day', () => {
    expect(reminderSchedule('2025-03-15', at('2025-03-13T23:59:59Z'))[0]?.threshold).toBe('7-day');
    expect(reminderSchedule('2025-03-15', at('2025-03-14T00:00:00Z'))[0]?.threshold).toBe('1-day');
  });

  it('treats a superseded or future threshold as not current', () => {
    const now = at('2025-03-14T12:00:00Z');
    expect(isReminderCurrent('1-day', '2025-03-15', now)).toBe(true);
    expect(isReminderCurrent('7-day', '2025-03-15', now)).toBe(false);
    expect(isReminderCurrent('overdue', '2025-03-15', now)).toBe(true);
  });

  it('schedules nothing for a malformed date', () => {
    expect(reminderSchedule('15/03/2025', at('2025-03-14T00:00:00Z'))).toEqual([]);
    expect(reminderSchedule('2025-02-31', at('2025-03-14T00:00:00Z'))).toEqual([]);
  });

  it('names jobs by plan, threshold and date', () => {
    expect(reviewReminderJobId('p1', '7-day', '2025-03-15')).toBe('review:p1:7-day:2025-03-15');
  });
});
