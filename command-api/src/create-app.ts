import fs from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';
import type { AppContext } from './framework/command-context.ts';
import { errorHandler } from './http/errors.ts';
import { healthRoutes } from './http/health-routes.ts';
import { freeSpaceIn, type FreeDiskSpace } from './http/disk-space.ts';
import { sameOriginWrites, sameSiteRequests, securityHeaders } from './http/security.ts';
import { originSettings } from './http/own-origin.ts';
import { loadSession } from './auth/authenticate.ts';
import { invitationTakeUp } from './shared/invitation-take-up.ts';
import type { SessionStore } from './auth/sessions.ts';
import { featureRoutes } from './features/feature-routes.ts';
import { routedByPrefix } from './http/routed-only.ts';
import { oneLayer, under } from './http/one-layer.ts';
import type { AppMetrics } from './observability/app-metrics.ts';
import { requestLog } from './observability/request-log.ts';
import { bearerMetricsRoutes } from './observability/metrics-routes.ts';

export const JSON_BODY_LIMIT = '1mb';

/**
 * The only API routes another site may send a browser to: the identity provider's redirect back after single sign-on,
 * and the calendar feed, whose token is its credential (no cookie counts there) and which web calendars may link to.
 * Every e-mailed link opens a page of the app, not the API.
 */
const CROSS_SITE_ENTRY_POINTS = [/^\/api\/auth\/sso\/callback$/i, /^\/api\/calendar\/[^/]+\.ics$/i];

export interface AppOptions {
  uiDist?: string | undefined;
  /** Free space in DATA_DIR, for /readyz; statfs unless a test injects a full disk. */
  freeDiskSpace?: FreeDiskSpace | undefined;
  /** Times each request; served at GET /metrics to METRICS_TOKEN's bearer when that is set. */
  metrics?: AppMetrics | undefined;
  /** How long the most behind projection's oldest unapplied event has waited, for /readyz's bound. */
  projectionLagSeconds?: (() => Promise<number>) | undefined;
}

export function createApp(context: AppContext, sessions: SessionStore, options: AppOptions = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  // Express's automatic weak ETag hashes every body it sends (100 KB for a full caseload), yet API
  // answers are no-store and the routes that support conditional requests set their own revision ETags.
  app.set('etag', false);
  if (context.config.trustProxy) app.set('trust proxy', context.config.trustProxy);

  const origins = originSettings(context.config);
  const sameOrigin = sameOriginWrites(origins);
  const sameSite = sameSiteRequests(CROSS_SITE_ENTRY_POINTS);
  const json = express.json({ limit: JSON_BODY_LIMIT });
  // Everything every request passes through, as one layer of the app (oneLayer), in this order.
  const { metrics } = options;
  const metricsToken = context.config.operations.metricsToken;
  app.use(
    oneLayer([
      requestLog({ metrics, logLevel: context.config.logLevel, trustProxy: Boolean(context.config.trustProxy) }),
      securityHeaders(origins),
      routedByPrefix([
        healthRoutes(context, { freeDiskSpace: options.freeDiskSpace ?? freeSpaceIn(context.config.dataDir), projectionLagSeconds: options.projectionLagSeconds }),
        ...(metrics && metricsToken ? [bearerMetricsRoutes(metrics.registry, metricsToken)] : []),
      ]),
      // Before the session is read: a request another site caused is refused before anything reads or logs a record.
      under('/api', sameSite),
      under('/api', (req, res, next) => {
        // Education records must not linger in shared or browser caches.
        res.setHeader('Cache-Control', 'no-store');
        // A read has no body to parse and cannot be a forged write.
        if (req.method === 'GET' || req.method === 'HEAD') {
          next();
          return;
        }
        sameOrigin(req, res, (refused?: unknown) => (refused === undefined ? json(req, res, next) : next(refused)));
      }),
      loadSession(sessions),
      invitationTakeUp(context),
      routedByPrefix(featureRoutes(context, sessions)),
    ]),
  );
  app.use('/api', (_req, res) => {
    res.status(404).json({ message: 'Not found' });
  });

  const uiDist = options.uiDist;
  if (uiDist && fs.existsSync(path.join(uiDist, 'index.html'))) {
    app.use(express.static(uiDist, { index: false, maxAge: '1y', immutable: true }));
    const indexHtml = path.join(uiDist, 'index.html');
    app.get(/.*/, (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(indexHtml);
    });
  }

  app.use(errorHandler(context.logger));
  return app;
}
