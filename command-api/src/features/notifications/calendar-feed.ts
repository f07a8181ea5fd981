import ical, { ICalCalendarMethod, ICalEventTransparency } from 'ical-generator';

/** A plan review as the calendar shows it. */
export interface ReviewEntry {
  planId: string;
  reviewDate: string;
  /** 'FirstName L.'; the feed's owner may see the student. */
  studentLabel: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const utcMidnight = (isoDate: string): Date => new Date(`${isoDate}T00:00:00Z`);
const nextDay = (date: Date): Date => new Date(date.getTime() + 24 * 60 * 60 * 1000);

/**
 * One all-day event per plan review, with a stable UID so calendars update rather than duplicate. Written by
 * ical-generator, a maintained iCalendar library, which escapes TEXT values and folds long lines as RFC 5545 says:
 * a name never again reaches the feed raw (once found: a bare CR starting a new property).
 */
export function renderReviewCalendar(entries: readonly ReviewEntry[], now: Date): string {
  const calendar = ical({
    prodId: '//Accommodate//504 plan reviews//EN',
    method: ICalCalendarMethod.PUBLISH,
    name: '504 plan reviews',
    scale: 'GREGORIAN',
  });
  for (const entry of entries) {
    if (!ISO_DATE.test(entry.reviewDate)) continue;
    const start = utcMidnight(entry.reviewDate);
    calendar.createEvent({
      id: `plan-${entry.planId}@accommodate`,
      stamp: now,
      start,
      end: nextDay(start),
      allDay: true,
      summary: `504 plan review: ${entry.studentLabel}`,
      transparency: ICalEventTransparency.TRANSPARENT,
    });
  }
  // RFC 5545 3.1 ends every content line with CRLF, the last one too; the library leaves the last one bare.
  return `${calendar.toString()}\r\n`;
}
