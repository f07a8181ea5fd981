/**
 * The zone every time in the packet is in: the district's, which it sets in Settings, so that two readers' packets of
 * one record agree; for a student outside a district, the reader's own (the browser's, UTC if it sent none).
 */
export interface PacketTimeZone {
  timeZone: string;
  /** The district whose zone it is, by name; null for the reader's own. */
  district: string | null;
}

export const packetTimeZone = (district: { name: string; timeZone?: string } | null, readerZone: string): PacketTimeZone =>
  district?.timeZone ? { timeZone: district.timeZone, district: district.name } : { timeZone: readerZone, district: null };

/** The one place the packet names its zone: 'Times are in America/Chicago, Riverside Unified’s time zone.' */
export const timeZoneInWords = ({ timeZone, district }: PacketTimeZone): string =>
  district === null ? `Times are in ${timeZone}.` : `Times are in ${timeZone}, ${district}’s time zone.`;
