import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { LogLevel } from '@accommodate/shared-events/logging/logger';
import { routePattern } from '../http/route-pattern.ts';
import type { AppMetrics } from './app-metrics.ts';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** An id a trusted proxy set (nginx's $request_id): kept, so its log and ours meet. Nothing else is taken from it. */
const PROXY_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The route's pattern (`/api/students/:id`), never the URL: ids in paths are record ids. */
function routeOf(req: Request, res: Response): string {
  const pattern = routePattern(req);
  if (pattern !== undefined) return pattern;
  if (res.statusCode === 404 || req.path.startsWith('/api')) return 'unmatched';
  return 'ui';
}

export interface RequestLogOptions {
  metrics: AppMetrics | undefined;
  logLevel: LogLevel;
  /** Behind a proxy we trust (TRUST_PROXY), its X-Request-Id is kept. */
  trustProxy: boolean;
}

/**
 * Every request gets an id, sent back in X-Request-Id, and one JSON line when answered: the id, method, route
 * pattern, status and time. No URL, query, address, agent or account: nothing personal. Also times the request
 * for GET /metrics.
 */
export function requestLog(options: RequestLogOptions): RequestHandler {
  const { metrics, trustProxy } = options;
  const log = options.logLevel === 'info' || options.logLevel === 'debug';
  return (req, res, next) => {
    const started = performance.now();
    const incoming = trustProxy ? req.headers['x-request-id'] : undefined;
    const requestId = typeof incoming === 'string' && PROXY_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader(REQUEST_ID_HEADER, requestId);
    res.once('finish', () => {
      const ms = performance.now() - started;
      const route = routeOf(req, res);
      metrics?.observeRequest(req.method, route, res.statusCode, ms / 1000);
      if (!log) return;
      const line = { time: new Date().toISOString(), level: 'info', component: 'http', message: 'request', requestId, method: req.method, route, status: res.statusCode, ms: Math.round(ms * 10) / 10 };
      process.stdout.write(`${JSON.stringify(line)}\n`);
    });
    next();
  };
}
