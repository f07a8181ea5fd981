import { describe, expect, it } from 'vitest';
import { renderReviewCalendar } from './calendar-feed.ts';

describe('review calendar (ICS)', () => {
  const now = new Date('2025-03-01T08:09:10.123Z');
  const ics = renderReviewCalendar(
    [
      { planId: 'p1', reviewDate: '2025-03-15', studentLabel: 'Maya R.' },
      { planId: 'p2', reviewDate: '2025-12-31', studentLabel: 'Li, Jr; N.' },
    ],
    now,
  );
  const unfolded = (text: string): string => text.replace(/\r\n /g, '');

  it('is a CRLF calendar with one all-day event per plan', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics).toContain('PRODID:-//Accommodate//504 plan reviews//EN\r\n');
    expect(ics).toContain('X-WR-CALNAME:504 plan reviews\r\n');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(ics).toContain('UID:plan-p1@accommodate\r\n');
    expect(ics).toContain('DTSTAMP:20250301T080910Z\r\nDTSTART;VALUE=DATE:20250315\r\nDTEND;VALUE=DATE:20250316\r\n');
    expect(ics).toContain('SUMMARY:504 plan review: Maya R.\r\n');
    expect(ics).toContain('DTSTART;VALUE=DATE:20251231\r\nDTEND;VALUE=DATE:20260101\r\n');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
  });

  it('escapes commas and semicolons in the summary', () => {
    expect(ics).toContain('SUMMARY:504 plan review: Li\\, Jr\\; N.\r\n');
  });

  it('keeps a bare CR or LF inside the summary instead of starting a new property', () => {
    const injected = renderReviewCalendar([{ planId: 'p3', reviewDate: '2025-04-01', studentLabel: 'A\rDESCRIPTION:inj\nX:y R.' }], now);
    expect(injected).not.toMatch(/\r\nDESCRIPTION/);
    expect(injected).not.toMatch(/[^\r]\n|\r[^\n]/);
    expect(unfolded(injected)).toContain('SUMMARY:504 plan review: A\\nDESCRIPTION:inj\\nX:y R.\r\n');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const long = renderReviewCalendar([{ planId: 'p4', reviewDate: '2025-04-01', studentLabel: `${'é'.repeat(60)} R.` }], now);
    for (const line of long.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(unfolded(long)).toContain(`SUMMARY:504 plan review: ${'é'.repeat(60)} R.\r\n`);
  });

  it('leaves out a plan whose review date is not a date', () => {
    expect(renderReviewCalendar([{ planId: 'p5', reviewDate: 'soon', studentLabel: 'Maya R.' }], now)).not.toContain('VEVENT');
  });
});
