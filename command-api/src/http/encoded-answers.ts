import type { Request, Response } from 'express';
import type { EncodedAnswer } from '../framework/read-model-cache.ts';

/**
 * Whether the client takes a gzip-compressed answer: browsers always say so; a request without Accept-Encoding (a
 * script, curl without --compressed) or with `gzip;q=0` gets the plain JSON.
 */
export function acceptsGzip(req: Request): boolean {
  const accepted = req.headers['accept-encoding']?.toLowerCase();
  // A script's request often says nothing, or nothing of gzip: no need to parse q-values then (codings are case-blind).
  if (accepted === undefined || (!accepted.includes('gzip') && !accepted.includes('*'))) return false;
  return req.acceptsEncodings('gzip') === 'gzip';
}

/**
 * Sends a kept JSON answer as the cache encoded it. `Vary: Accept-Encoding` on either, since the same URL answers
 * both ways (no cache stores these answers, as they are no-store, but a proxy must not mix them up either).
 */
export function sendEncodedJson(res: Response, answer: EncodedAnswer): void {
  res.vary('Accept-Encoding');
  if (answer.encoding !== null) res.setHeader('Content-Encoding', answer.encoding);
  res.type('application/json').send(answer.body);
}
