import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RuntimeConfig } from '@accommodate/shared-events/config/runtime-config';
import { createLogger } from '@accommodate/shared-events/logging/logger';
import { openEventStore } from '@accommodate/shared-events/event-store/open-event-store';
import { openReadStore } from '@accommodate/projections/store/open-read-store';
import { ALL_PROJECTIONS } from '@accommodate/projections/definitions/all-projections';
import { startProjections } from '@accommodate/projections/runner/projection-runner';
import { createSocketServerPublisher } from '@accommodate/projections/realtime/socket-server-publisher';
import { openJobQueue } from '@accommodate/workers/jobs/open-job-queue';
import { createJobHandlers } from '@accommodate/workers/handlers/job-handlers';
import { createMailer } from '@accommodate/workers/notifications/mailer';
import { startNotificationWorkers } from '@accommodate/workers/notifications/notification-workers';
import type { AppContext, ProjectionProgress } from './framework/command-context.ts';
import { polledProgress } from './framework/polled-progress.ts';
import { createApp } from './create-app.ts';
import { SessionStore, readCookie, SESSION_COOKIE } from './auth/sessions.ts';
import { openDocumentBlobStore } from '@accommodate/shared-events/storage/open-blob-store';
import { attachSocketServer, disconnectSessions, revalidateStudentWatchers, revalidateUserWatchers } from './realtime/socket-server.ts';
import { canViewStudent } from './shared/student-access.ts';
import { personLookup } from '@accommodate/projections/queries/users-queries';
import { startShareAccessReactor } from './features/sharing/share-access-reactor.ts';
import { seedAccommodationTemplates } from './features/accommodations/seed-templates.ts';
import { answerClientErrorsAsJson } from './http/client-errors.ts';
import { trackingSends } from './shared/account-mail.ts';
import { originSettings } from './http/own-origin.ts';
import type { FreeDiskSpace } from './http/disk-space.ts';
import { removeDocumentLeftovers } from './shared/document-leftovers.ts';
import { openLimits } from './auth/limits.ts';
import { startRetentionJob } from './shared/retention-job.ts';
import { recheckSsoDomains, SSO_DOMAIN_RECHECK_JOB } from './shared/sso-domain-recheck.ts';
import { erasureLedgerAt } from '@accommodate/shared-events/storage/erasure-ledger';
import type { ProjectionRunner } from '@accommodate/projections/runner/projection-runner';
import { createAppMetrics } from './observability/app-metrics.ts';
import { projectionCheckpoints } from './observability/projection-checkpoints.ts';
import { projectionLags } from './observability/projection-lag.ts';
import { startMetricsServer } from './observability/metrics-routes.ts';
import { startScheduledBackups } from '@accommodate/workers/backup/scheduled-backups';

export const DEFAULT_UI_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../ui/dist');

export interface RunningServer {
  url: string;
  port: number;
  context: AppContext;
  /** GET /metrics's own port (METRICS_PORT), when one is set. */
  metricsPort: number | null;
  /** The start-up sweep of crash leftovers under DATA_DIR/documents, under way in the background. */
  documentLeftovers: Promise<unknown>;
  close(): Promise<void>;
}

/**
 * Starts the API and Socket.IO. With `runProjections` (the one-process mode) it
 * also runs the projections in-process and pushes changes straight to its sockets;
 * otherwise a separate projections process does, through Redis.
 */
export async function startServer(
  config: RuntimeConfig,
  options: { runProjections: boolean; freeDiskSpace?: FreeDiskSpace; now?: () => Date },
): Promise<RunningServer> {
  const logger = createLogger('command-api', config.logLevel);
  const eventStore = await openEventStore(config);
  const readStore = await openReadStore(config);
  const jobLogger = createLogger('jobs', config.logLevel);
  const jobs = await openJobQueue({ redisUrl: config.redisUrl, queueName: 'reminders', prefix: config.redisPrefix, logger: jobLogger });
  const apiJobs = await openJobQueue({ redisUrl: config.redisUrl, queueName: 'retention', prefix: config.redisPrefix, logger: jobLogger });
  const now = options.now ?? (() => new Date());
  const sessions = new SessionStore(readStore, now, config.sessionIdleMs);
  // One mailer per process: the API's own account mail and, in the one-process mode, the notification jobs.
  const mailer = trackingSends(createMailer({ smtpUrl: config.smtpUrl, outboxDir: path.join(config.dataDir, 'outbox') }));

  const progressHolder: { current: ProjectionProgress } = {
    current: polledProgress(eventStore, readStore, ALL_PROJECTIONS),
  };
  const context: AppContext = {
    config,
    eventStore,
    readStore,
    jobs,
    apiJobs,
    blobs: await openDocumentBlobStore(config),
    mailer,
    logger,
    now,
    limits: await openLimits({ redisUrl: config.redisUrl, prefix: config.redisPrefix }),
    erasureLedger: erasureLedgerAt(config.operations.erasureLedger),
    progress: {
      waitForPosition: (position, timeoutMs) => progressHolder.current.waitForPosition(position, timeoutMs),
      caughtUp: () => progressHolder.current.caughtUp(),
      rebuilding: () => progressHolder.current.rebuilding?.() ?? false,
    },
  };

  // GET /metrics: figures read at each scrape from the stores, the queues, the runner and the sockets.
  let runner: ProjectionRunner | null = null;
  let socketConnections = () => 0;
  const checkpoints = projectionCheckpoints(readStore, ALL_PROJECTIONS, () => runner);
  const metrics = createAppMetrics({
    eventStore,
    readStore,
    queues: { reminders: jobs, retention: apiJobs },
    checkpoints,
    socketConnections: () => socketConnections(),
    now,
  });
  metrics.instrumentAppends(eventStore);
  const metricsServer = config.operations.metricsPort === undefined ? null : await startMetricsServer(metrics.registry, config.operations.metricsPort);

  const app = createApp(context, sessions, {
    uiDist: config.uiDist ?? DEFAULT_UI_DIST,
    freeDiskSpace: options.freeDiskSpace,
    metrics,
    projectionLagSeconds: async () => Math.max(0, ...(await projectionLags(eventStore, await checkpoints(), now())).map((lag) => lag.seconds)),
  });
  const httpServer = http.createServer(app);
  // An idle keep-alive connection is kept longer than the clients and proxies in front keep theirs (nginx, cloud load
  // balancers: 60 s). With Node's 5 s, a client that reused a connection as the server closed it got ECONNRESET (seen
  // in an e2e run after 5 s of clicking between two requests); a proxy answers that with a 502.
  httpServer.keepAliveTimeout = 65_000;
  httpServer.headersTimeout = 66_000;
  answerClientErrorsAsJson(httpServer);
  const io = await attachSocketServer(httpServer, {
    authenticate: (cookieHeader) => sessions.sessionFor(readCookie(cookieHeader, SESSION_COOKIE)),
    redisUrl: config.redisUrl,
    redisKey: config.socketRedisKey,
    origins: originSettings(config),
    canViewStudent: (userId, studentId) => canViewStudent(context, userId, studentId),
    userName: async (userId) => (await personLookup(readStore)(userId)).name,
    logger: createLogger('realtime', config.logLevel),
  });
  sessions.onEnded((sessionIds) => disconnectSessions(io, sessionIds));
  socketConnections = () => io.engine.clientsCount;
  const shareAccess = startShareAccessReactor({
    eventStore,
    progress: context.progress,
    logger,
    revalidate: (studentId) => revalidateStudentWatchers(io, studentId),
    revalidateUser: (userId) => revalidateUserWatchers(io, userId),
  });

  let stopProjections: (() => Promise<void>) | null = null;
  let stopNotifications: (() => Promise<void>) | null = null;
  if (options.runProjections) {
    runner = await startProjections({
      eventStore,
      readStore,
      projections: ALL_PROJECTIONS,
      publisher: createSocketServerPublisher(io),
      logger: createLogger('projections', config.logLevel),
    });
    const started = runner;
    progressHolder.current = started;
    stopProjections = () => started.stop();
    const jobDependencies = { eventStore, readStore, jobs, mailer, logger: createLogger('workers', config.logLevel), now, appUrl: config.appUrl, rosterUploads: context.blobs };
    await jobs.start(createJobHandlers(jobDependencies));
    const notifications = await startNotificationWorkers(jobDependencies);
    // The one process runs the workers' part too: the scheduled backups (BACKUP_DIR) with it.
    const backups = await startScheduledBackups({ config, readStore, mailer, logger: jobDependencies.logger, now });
    stopNotifications = async () => {
      await backups.stop();
      await notifications.stop();
    };
  }
  // Every API node seeds (idempotently), so the library is complete whichever process starts first.
  await seedAccommodationTemplates(context);
  // Retention: the daily erasure of records past their district's limit, and a district's erasure, run on
  // the API nodes; beside it, the daily check that single sign-on's proved domains still carry their DNS record.
  const retention = await startRetentionJob(context, [{ name: SSO_DOMAIN_RECHECK_JOB, run: () => recheckSsoDomains(context) }]);

  await new Promise<void>((resolve) => httpServer.listen(config.port, resolve));
  const address = httpServer.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // In the one-process mode no upload can be under way before this process listens; an API node among others leaves
  // an hour for theirs (see document-leftovers.ts).
  const sweepBefore = new Date(Date.now() - (options.runProjections ? 0 : 60 * 60 * 1000));
  const documentLeftovers = removeDocumentLeftovers(context, sweepBefore).catch((error: unknown) => {
    logger.warn('document leftovers sweep failed', { error: error instanceof Error ? error.name : 'unknown' });
  });
  logger.info('listening', {
    port,
    eventStore: config.databaseUrl ? 'postgresql' : config.eventStoreUrl ? 'eventstoredb' : 'embedded',
    readStore: config.databaseUrl ? 'postgresql' : config.mongodbUrl ? 'mongodb' : 'embedded',
    jobs: config.redisUrl ? 'bullmq' : 'in-process',
  });

  return {
    url: `http://localhost:${port}`,
    port,
    metricsPort: metricsServer?.port ?? null,
    context,
    documentLeftovers,
    async close() {
      await documentLeftovers;
      await shareAccess.stop();
      // io.close's own promise settles before the HTTP server has closed; its callback is what to wait for.
      await new Promise<void>((resolve) => void io.close(() => resolve()));
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await metricsServer?.close();
      await retention.stop();
      await apiJobs.close();
      await stopNotifications?.();
      await stopProjections?.();
      await mailer.settled();
      mailer.close();
      await jobs.close();
      await context.limits.close();
      await context.blobs.close();
      await readStore.close();
      await eventStore.close();
    },
  };
}
