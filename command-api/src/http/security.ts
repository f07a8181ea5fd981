import helmet from 'helmet';
import type { NextFunction, Request, Response } from 'express';
import { HttpError } from './errors.ts';

/** Strict CSP: only our own scripts. antd writes inline styles, so styles allow 'unsafe-inline'. */
export const securityHeaders = () =>
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence beside SameSite=Lax cookies: a state-changing request that names
 * another origin is refused. Browsers always send Origin on cross-site POSTs.
 */
export function sameOriginWrites(req: Request, _res: Response, next: NextFunction): void {
  if (!UNSAFE_METHODS.has(req.method)) return next();
  const origin = req.get('Origin');
  if (!origin || origin === 'null') return next(origin === 'null' ? new HttpError(403, 'Cross-site requests are not allowed') : undefined);
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return next(new HttpError(403, 'Cross-site requests are not allowed'));
  }
  if (host !== req.get('Host')) return next(new HttpError(403, 'Cross-site requests are not allowed'));
  next();
}

/**
 * Whether a GET that changes something (the spec's sign-out navigation) came from another site: browsers mark every
 * request with Sec-Fetch-Site. A link or image on another site must not sign a teacher out; a bookmark or a typed URL
 * ('none') and the app's own links ('same-origin') may. Clients that send no such header are not browsers' navigations
 * from elsewhere, and keep working.
 */
export function isCrossSiteRequest(req: Request): boolean {
  const site = req.get('Sec-Fetch-Site');
  return site === 'cross-site' || site === 'same-site';
}
