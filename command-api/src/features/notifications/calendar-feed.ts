/** A plan review as the calendar shows it. */
export interface ReviewEntry {
  planId: string;
  reviewDate: string;
  /** 'FirstName L.'; the feed's owner may see the student. */
  studentLabel: string;
}

const CRLF = '\r\n';

/** RFC 5545 3.3.11: backslash, semicolon, comma and newlines are escaped in TEXT values. */
export const escapeText = (text: string): string =>
  text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** RFC 5545 3.1: lines longer than 75 octets are folded with CRLF and a space, never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

const compactDate = (isoDate: string): string => isoDate.replaceAll('-', '');
const nextDay = (isoDate: string): string => {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};
const stamp = (now: Date): string => now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** One all-day event per plan review, with a stable UID so calendars update rather than duplicate. */
export function renderReviewCalendar(entries: readonly ReviewEntry[], now: Date): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Accommodate//504 plan reviews//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:504 plan reviews',
  ];
  for (const entry of entries) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(entry.reviewDate)) continue;
    lines.push(
      'BEGIN:VEVENT',
      `UID:plan-${entry.planId}@accommodate`,
      `DTSTAMP:${stamp(now)}`,
      `DTSTART;VALUE=DATE:${compactDate(entry.reviewDate)}`,
      `DTEND;VALUE=DATE:${compactDate(nextDay(entry.reviewDate))}`,
      `SUMMARY:${escapeText(`504 plan review: ${entry.studentLabel}`)}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
