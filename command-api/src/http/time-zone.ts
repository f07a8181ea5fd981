import type { Request } from 'express';
import { z } from 'zod';
import { HttpError } from './errors.ts';

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** ?tz=: the reader's IANA time zone (the UI sends the browser's), for dates in files; UTC without one. */
const timeZoneQuery = z.object({ tz: z.string().max(64).refine(isTimeZone).default('UTC') });

export function timeZoneOf(req: Request): string {
  const parsed = timeZoneQuery.safeParse(req.query);
  if (!parsed.success) throw new HttpError(400, 'tz must be a time zone such as America/Chicago');
  return parsed.data.tz;
}
