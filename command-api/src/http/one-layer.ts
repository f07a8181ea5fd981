import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Middlewares run in their order as one layer of the app. Express walks each layer of the app for every request
 * (matching its path, trimming its mount, keeping its params), and the app's first few layers are walked by all of
 * them: as one, they cost one match. An error, or 'route' / 'router', leaves the layer at once, as it would
 * have left the app's own walk of them ('route' goes on); a handler that throws or rejects is an error too, as Express 5 treats it.
 */
export function oneLayer(handlers: readonly RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    let index = 0;
    const onward = (error?: unknown): void => {
      // 'route' only skips the rest of a route's own handlers: in the app's walk it went on to the next layer.
      if (error !== undefined && error !== null && error !== 'route') {
        next(error);
        return;
      }
      const handler = handlers[index++];
      if (!handler) {
        next();
        return;
      }
      try {
        const result: unknown = handler(req, res, onward);
        if (result instanceof Promise) result.catch((rejected: unknown) => next(rejected ?? new Error('Rejected without a reason')));
      } catch (thrown) {
        next(thrown);
      }
    };
    onward();
  };
}

/** `handler` for requests under `prefix` only ("/api": "/api" and "/api/…", in any case, as `app.use('/api', …)` matches). */
export function under(prefix: string, handler: RequestHandler): RequestHandler {
  const lower = prefix.toLowerCase();
  return (req, res, next) => {
    const path = req.path.toLowerCase();
    if (path === lower || path.startsWith(`${lower}/`)) void handler(req, res, next);
    else next();
  };
}
