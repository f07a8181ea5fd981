import type { Request, Response } from 'express';
import { HttpError } from './errors.ts';

export const etagOf = (revision: number): string => `"${revision}"`;

export function setEtag(res: Response, revision: number): void {
  res.setHeader('ETag', etagOf(revision));
}

/**
 * If-Match as a stream revision. Absent means "no precondition" for API clients;
 * our UI always sends it. A malformed value is the client's mistake, so 400.
 */
export function expectedRevisionFrom(req: Request): number | undefined {
  const header = req.get('If-Match');
  if (header === undefined || header.trim() === '' || header.trim() === '*') return undefined;
  const match = /^\s*(?:W\/)?"?(-?\d{1,15})"?\s*$/.exec(header);
  if (!match) throw new HttpError(400, 'If-Match must be an ETag from a previous response');
  return Number(match[1]);
}
