import type { Response } from 'express';
import { displayName } from '@accommodate/shared-events/schemas/student';
import { withoutBidiControls } from '@accommodate/shared-events/schemas/bidi-controls';
import { dayFormatIn } from './time-zone.ts';

/** Content-Disposition for a file: an ASCII fallback plus the exact name (RFC 6266 / 5987), less any bidi control. */
export function attachmentDisposition(name: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const fileName = withoutBidiControls(name);
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The calendar day of `at` in `timeZone`, as YYYY-MM-DD: sorts by name in a folder. */
export function calendarDay(at: Date, timeZone: string): string {
  const parts = dayFormatIn(timeZone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * What a file about a student is called on the user's disk: 'Ava M. - accommodations - 2026-11-25.pdf'. The name is
 * the user's own record on their own disk, never in a URL or a log; characters that no desktop allows in a file name
 * become '-'.
 */
export function studentFileName(student: { firstName: string; lastInitial: string }, what: string, extension: string, at: Date, timeZone: string): string {
  return `${fileNameSafe(displayName(student))} - ${what} - ${calendarDay(at, timeZone)}.${extension}`;
}

/** Characters that no desktop allows in a file name become '-' (a name is the teacher's own words). */
// eslint-disable-next-line no-control-regex
export const fileNameSafe = (name: string): string => name.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '-');

/**
 * One folder or file name inside an archive, made of someone's words (a school's, a student's name): no separator,
 * no bidi control to disguise what it reads as, and never '.' or '..', which an unzip would take as a way out of the
 * folder. Never empty.
 */
export function pathSegmentSafe(name: string): string {
  const safe = fileNameSafe(withoutBidiControls(name)).trim();
  return /^\.*$/.test(safe) ? `-${safe}` : safe;
}

/** A PDF built on the server, sent as a download under `fileName` (the records export, the hearing packet). */
export function sendPdfAttachment(res: Response, pdf: Buffer, fileName: string): void {
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Length', String(pdf.length));
  res.setHeader('Content-Disposition', attachmentDisposition(fileName));
  res.end(pdf);
}
