import { z } from 'zod';

/**
 * The IANA time zones this runtime knows, as `Intl.supportedValuesOf` lists them, and UTC, which it leaves out
 * though every runtime formats in it. A district's zone is one of these, so the browser and the server read it alike.
 */
export const TIME_ZONES: readonly string[] = ['UTC', ...Intl.supportedValuesOf('timeZone')];
const KNOWN = new Set(TIME_ZONES);

export const isIanaTimeZone = (name: string): boolean => KNOWN.has(name);

export const UNKNOWN_TIME_ZONE = 'Choose a time zone from the list, such as America/Chicago';

/** An IANA time zone name from the list. */
export const ianaTimeZone = z.string({ required_error: UNKNOWN_TIME_ZONE }).max(64, UNKNOWN_TIME_ZONE).refine(isIanaTimeZone, UNKNOWN_TIME_ZONE);

/** PUT /api/districts/:id/time-zone */
export const districtTimeZoneFormSchema = z.object({ timeZone: ianaTimeZone });

/** GET and PUT /api/districts/:id/time-zone: null until the district sets one (readers' own zones are used). */
export interface DistrictTimeZone {
  timeZone: string | null;
}
