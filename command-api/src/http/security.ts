import helmet from 'helmet';
import { ServerResponse, type IncomingMessage } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { HttpError } from './errors.ts';
import { isOwnOrigin, originParts, requestOrigin, webSocketOrigin, type OriginSettings } from './own-origin.ts';

/** The origins (ws:/wss: forms) whose headers are kept ready: a deployment answers to one or two. */
const KEPT_ORIGINS = 8;

/**
 * Strict CSP: only our own scripts. antd writes inline styles, so styles allow 'unsafe-inline'. Sockets may connect
 * to the app's own origin only: its ws:/wss: form is named (browsers before CSP 3 do not count it as 'self'), never
 * any ws:/wss: host, which would let an injected script send records anywhere.
 *
 * Helmet writes a policy with a directive computed per request anew at every request (a fifth of the cost of a cached
 * GET /api/students); with the origin fixed it writes it once. So each of the first few origins gets its headers
 * recorded from its own helmet; any other Host a client may send is served by the per-request one.
 */
export const securityHeaders = (settings: OriginSettings): RequestHandler => {
  const ownWebSocket = (req: IncomingMessage): string => {
    const origin = requestOrigin(req, settings);
    return origin === null ? "'self'" : webSocketOrigin(origin);
  };
  const withConnectSrc = (connectSrc: string | ((req: IncomingMessage) => string)) =>
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", connectSrc],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
      },
      crossOriginEmbedderPolicy: false,
    });
  const perRequest = withConnectSrc(ownWebSocket);
  // Keyed by what the origin is made of, as it came, so that a kept one costs a lookup. Null: written per request.
  const kept = new Map<string, RecordedHeaders | null>();
  return (req, res, next) => {
    const { host, forwarded, tls } = originParts(req, settings);
    const key = `${host ?? ''} ${forwarded} ${tls ? 's' : ''}`;
    let headers = kept.get(key);
    if (headers === undefined && kept.size < KEPT_ORIGINS) kept.set(key, (headers = recordHeaders(withConnectSrc(ownWebSocket(req)), req)));
    if (!headers) {
      void perRequest(req, res, next);
      return;
    }
    for (const [name, value] of headers) {
      if (value === null) res.removeHeader(name);
      else res.setHeader(name, value);
    }
    next();
  };
};

/** Each header helmet set, or removed (null), in its order. */
type RecordedHeaders = readonly (readonly [string, string | number | readonly string[] | null])[];

/**
 * The headers a helmet writes for a request, recorded once: written again by one loop, they are the same headers
 * without helmet's chain of a dozen middlewares at every request. Null if it did anything else, or did not go on.
 */
function recordHeaders(middleware: ReturnType<typeof helmet>, req: IncomingMessage): RecordedHeaders | null {
  const recorder = new HeaderRecorder(req);
  let passed = false;
  try {
    // helmet only sets and removes headers, synchronously, then calls next.
    void middleware(req, recorder, (error?: unknown) => {
      passed = error === undefined;
    });
  } catch {
    return null;
  }
  return passed ? recorder.recorded : null;
}

/** A response that is never sent: it only writes down, in order, the headers set on it and removed from it. */
class HeaderRecorder extends ServerResponse {
  readonly recorded: [string, string | number | readonly string[] | null][] = [];

  override setHeader(name: string, value: string | number | readonly string[]): this {
    this.recorded.push([name, value]);
    return this;
  }

  override removeHeader(name: string): void {
    this.recorded.push([name, null]);
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CROSS_SITE = 'Cross-site requests are not allowed';

/**
 * CSRF defence beside SameSite=Lax cookies: a state-changing request that names another origin is refused. Browsers
 * always send Origin on cross-site POSTs. The scheme counts as well as the host: a page on http://the-same-host (a
 * network attacker's, before TLS) is another origin.
 */
export const sameOriginWrites =
  (settings: OriginSettings) =>
  (req: Request, _res: Response, next: NextFunction): void => {
    if (!UNSAFE_METHODS.has(req.method)) return next();
    const origin = req.get('Origin');
    if (origin === undefined) return next();
    next(isOwnOrigin(origin, req, settings) ? undefined : new HttpError(403, CROSS_SITE));
  };

/**
 * Fetch Metadata: a browser marks a request another site caused (a link, a form, an image there) 'cross-site', and
 * SameSite=Lax cookies still go with a top-level GET, so such a link would read records, and write the access log, in
 * the signed-in teacher's name. Those are refused, except at `entryPoints`, the routes other sites are meant to send
 * browsers to. Same-origin, same-site, 'none' (a bookmark, a typed URL) and clients that send no such header (calendar
 * apps, scripts) go on.
 */
export const sameSiteRequests =
  (entryPoints: readonly RegExp[]) =>
  (req: Request, _res: Response, next: NextFunction): void => {
    if (req.get('Sec-Fetch-Site') !== 'cross-site' || entryPoints.some((entryPoint) => entryPoint.test(req.path))) return next();
    next(new HttpError(403, CROSS_SITE));
  };

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
