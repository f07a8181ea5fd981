import { describe, expect, it } from 'vitest';
import { foldLine, renderReviewCalendar } from './calendar-feed.ts';

describe('review calendar (ICS)', () => {
  const ics = renderReviewCalendar(
    [
      { planId: 'p1', reviewDate: '2025-03-15', studentLabel: 'Maya R.' },
      { planId: 'p2', reviewDate: '2025-12-31', studentLabel: 'Li, Jr; N.' },
    ],
    new Date('2025-03-01T08:09:10.123Z'),
  );

  it('is a CRLF calendar with one all-day event per plan', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(ics).toContain('BEGIN:VEVENT\r\nUID:plan-p1@accommodate\r\nDTSTAMP:20250301T080910Z\r\nDTSTART;VALUE=DATE:20250315\r\nDTEND;VALUE=DATE:20250316\r\nSUMMARY:504 plan review: Maya R.\r\n');
    expect(ics).toContain('DTSTART;VALUE=DATE:20251231\r\nDTEND;VALUE=DATE:20260101\r\n');
  });

  it('escapes commas and semicolons in the summary', () => {
    expect(ics).toContain('SUMMARY:504 plan review: Li\\, Jr\\; N.\r\n');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const folded = foldLine(`SUMMARY:${'é'.repeat(60)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(lines.map((line, i) => (i === 0 ? line : line.slice(1))).join('')).toBe(`SUMMARY:${'é'.repeat(60)}`);
  });
});
