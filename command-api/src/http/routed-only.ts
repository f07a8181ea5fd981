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
const normalised = (path: string): string => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).toLowerCase();
const prefixOf = (path: string): string => normalised(path).split('/', PREFIX_SEGMENTS + 1).join('/');

/** What a routed-only router may answer: the prefixes of its routes, and those of them it has a route for as a whole path. */
interface RoutePrefixes {
  prefixes: Set<string>;
  /** "/api/students" when a route is "/api/students" itself (the list), or could be (a pattern past the prefix). */
  whole: Set<string>;
}

/**
 * The literal prefixes of every route in a router and the routers mounted in it without a path; null when
 * the router holds anything whose paths cannot be told from outside (a middleware, a pattern, a mount path).
 */
function routePrefixes(router: { stack?: unknown }, into: RoutePrefixes = { prefixes: new Set(), whole: new Set() }): RoutePrefixes | null {
  if (!Array.isArray(router.stack)) return null;
  for (const layer of router.stack as LayerLike[]) {
    if (layer.route) {
      const path = layer.route.path;
      if (typeof path !== 'string') return null;
      const prefix = prefixOf(path);
      // A shorter route ("/healthz") is its own prefix, which a request's path has only when it is that path.
      if (/[:*?(){}]/.test(prefix)) return null;
      into.prefixes.add(prefix);
      const rest = normalised(path).slice(prefix.length);
      if (rest === '' || /[*?(){}]/.test(rest)) into.whole.add(prefix);
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
 * before GET /api/students, about a tenth of its cost.
 */
export function routedByPrefix(routers: readonly Router[]): RequestHandler {
  const known = routers.map((router) => ({ router, routes: routePrefixes(router) }));
  const unknown = known.filter(({ routes }) => routes === null).map(({ router }) => router);
  const chains = new Map<string, Router[]>();
  // For a request of the prefix itself ("/api/students", the list: the most read path), only the routers with a
  // route for it: a router of "/api/students/:id/…" routes alone cannot answer it, and leaving a router that did not
  // answer costs a turn of the event loop.
  const wholeChains = new Map<string, Router[]>();
  for (const { routes } of known) {
    for (const prefix of routes?.prefixes ?? []) {
      if (!chains.has(prefix)) chains.set(prefix, known.filter((other) => other.routes === null || other.routes.prefixes.has(prefix)).map(({ router }) => router));
      if (!wholeChains.has(prefix)) wholeChains.set(prefix, known.filter((other) => other.routes === null || other.routes.whole.has(prefix)).map(({ router }) => router));
    }
  }
  return (req: Request, res: Response, next: NextFunction) => {
    const path = normalised(req.path);
    const prefix = path.split('/', PREFIX_SEGMENTS + 1).join('/');
    const chain = (prefix === path ? wholeChains.get(prefix) : chains.get(prefix)) ?? unknown;
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
