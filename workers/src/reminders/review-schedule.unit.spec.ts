import { describe, expect, it } from 'vitest';
import { delayUntil, isReminderCurrent, reminderSchedule, reviewReminderJobId, reviewReminderText } from './review-schedule.ts';

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

  it('says the real number of days and the date as people read it, whichever threshold fired', () => {
    // A plan created 10 days before its review fires its 30-day reminder at once: it says 10 days, not 30.
    expect(reviewReminderText('30-day', '2026-12-05', 'Maya R.', at('2026-11-25T15:00:00Z'))).toEqual({
      title: 'Plan review in 10 days',
      message: 'The 504 plan for Maya R. is due for review on Dec 5, 2026.',
    });
    // Created 6 days before: the 7-day reminder fires at once and says 6.
    expect(reviewReminderText('7-day', '2026-12-05', 'Maya R.', at('2026-11-29T08:00:00Z')).title).toBe('Plan review in 6 days');
    expect(reviewReminderText('7-day', '2026-12-05', 'Maya R.', at('2026-11-28T00:00:00Z')).title).toBe('Plan review in 7 days');
    expect(reviewReminderText('1-day', '2026-12-05', 'Maya R.', at('2026-12-04T00:00:00Z'))).toEqual({
      title: 'Plan review tomorrow',
      message: 'The 504 plan for Maya R. is due for review tomorrow (Dec 5, 2026).',
    });
    // A late '1-day' job that runs on the day itself does not say 'tomorrow'.
    expect(reviewReminderText('1-day', '2026-12-05', 'Maya R.', at('2026-12-05T09:00:00Z')).title).toBe('Plan review today');
    expect(reviewReminderText('overdue', '2026-12-05', 'Maya R.', at('2026-12-06T00:00:00Z'))).toEqual({
      title: 'Plan review overdue',
      message: 'The 504 plan for Maya R. was due for review on Dec 5, 2026 and is overdue.',
    });
  });
});
