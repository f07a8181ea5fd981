import type { HearingPacketRange } from '@accommodate/shared-events/schemas/hearing-packet';
import { readerTimeZoneQuery } from '../../../lib/reader-time-zone.ts';

/** The packet's download: the days are the reader's, in the browser's time zone; the server logs the export. */
export const hearingPacketUrl = (studentId: string, { from, to }: HearingPacketRange): string =>
  `/api/students/${encodeURIComponent(studentId)}/hearing-packet.pdf?from=${from}&to=${to}&${readerTimeZoneQuery()}`;
