/**
 * `?tz=` with this browser's IANA time zone: the server dates files ('Ava M. - accommodations - 2026-11-25.pdf') and
 * the moments in a PDF as the reader's clock reads them, not by UTC.
 */
export const readerTimeZoneQuery = (): string => `tz=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`;
