import type { Request, RequestHandler, Response, NextFunction, Router } from 'express';

/** What a route's path starts with, as far as it is literal: "/api/students" for "/api/students/:id". */
const PREFIX_SEGMENTS = 2;

interface LayerLike {
  route?: { path: unknown };
  handle: unknown;
  slash?: boolean;
}

// Lower case: Express matches routes case-insensitively unless told otherwise; and without a trailing slash,
// which Express ignores too ("/healthz/" is "/healthz").
const prefixOf = (path: string): string =>
  (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).split('/', PREFIX_SEGMENTS + 1).join('/').toLowerCase();

/**
 * The literal prefixes of every route in a router and the routers mounted in it without a path; null when
 * the router holds anything whose paths cannot be told from outside (a middleware, a pattern, a mount path).
 */
function routePrefixes(router: { stack?: unknown }, into = new Set<string>()): Set<string> | null {
  if (!Array.isArray(router.stack)) return null;
  for (const layer of router.stack as LayerLike[]) {
    if (layer.route) {
      const path = layer.route.path;
      if (typeof path !== 'string') return null;
      const prefix = prefixOf(path);
      // A shorter route ("/healthz") is its own prefix, which a request's path has only when it is that path.
      if (/[:*?(){}]/.test(prefix)) return null;
      into.add(prefix);
    } else if (layer.slash && typeof layer.handle === 'function' && Array.isArray((layer.handle as { stack?: unknown }).stack)) {
      if (!routePrefixes(layer.handle as { stack?: unknown }, into)) return null;
    } else {
      return null;
    }
  }
  return into;
}

/**
 * Routers behind one layer of the app: a request enters, in their order, only the routers one of whose routes could
 * match it (and those whose paths cannot be told). Express walks every layer of the app for each request, and a
 * router that a request leaves without an answer hands it on through `setImmediate`: under load, after every other
 * socket's callbacks of that turn of the event loop. Mounted one by one, the feature routers were two dozen layers
 * before GET /api/students, about a tenth of its cost (issue 21).
 */
export function routedByPrefix(routers: readonly Router[]): RequestHandler {
  const known = routers.map((router) => ({ router, prefixes: routePrefixes(router) }));
  const unknown = known.filter(({ prefixes }) => prefixes === null).map(({ router }) => router);
  const chains = new Map<string, Router[]>();
  for (const { prefixes } of known) {
    for (const prefix of prefixes ?? []) {
      if (!chains.has(prefix)) chains.set(prefix, known.filter((other) => other.prefixes === null || other.prefixes.has(prefix)).map(({ router }) => router));
    }
  }
  return (req: Request, res: Response, next: NextFunction) => {
    const chain = chains.get(prefixOf(req.path)) ?? unknown;
    let index = 0;
    // A router that does not answer calls this: on to the next one, or out with its error. 'route' and 'router'
    // only leave the router that said them.
    const onward = (error?: unknown): void => {
      if (error !== undefined && error !== null && error !== 'route' && error !== 'router') {
        next(error);
        return;
      }
      const router = chain[index++];
      if (router) router(req, res, onward);
      else next();
    };
    onward();
  };
}
