import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import type { JobQueue } from '@accommodate/workers/jobs/job-queue';
import type { ReadStore } from '@accommodate/projections/store/read-store';
import { operationStatus, type Operation } from '@accommodate/workers/operations/operation-status';
import { projectionLags, type ProjectionCheckpoint } from './projection-lag.ts';

/** Where the figures come from; each is read when Prometheus scrapes, not kept up to date in between. */
export interface MetricSources {
  eventStore: EventStore;
  readStore: Pick<ReadStore, 'state'>;
  /** The queues by name: 'reminders' (the workers'), 'retention' (the API nodes'). */
  queues: Readonly<Record<string, Pick<JobQueue, 'stats'>>>;
  checkpoints(): Promise<ProjectionCheckpoint[]>;
  socketConnections(): number;
  now(): Date;
}

export interface AppMetrics {
  registry: Registry;
  /** One answered request: its route's pattern (never the URL), its status and how long it took. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** Wraps the store's append, in place (its getters stay live), to count appends and time them. */
  instrumentAppends(store: EventStore): void;
}

const SECONDS_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const OPERATIONS: readonly Operation[] = ['backup', 'retention-sweep', 'review-sweep'];
const statusClass = (status: number): string => `${Math.floor(status / 100)}xx`;

/** One read shared by the collects that start together (one scrape); the next scrape reads again. */
function oncePerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | null = null;
  return () => {
    if (!current) {
      current = read();
      const clear = () => (current = null);
      current.then(() => setImmediate(clear), () => setImmediate(clear));
    }
    return current;
  };
}

/**
 * The app's Prometheus metrics (prom-client). Labels are route patterns, projection, queue and operation names,
 * methods and status classes: never a URL, an id or anything personal.
 */
export function createAppMetrics(sources: MetricSources): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status class.',
    labelNames: ['method', 'route', 'status'],
    buckets: SECONDS_BUCKETS,
    registers,
  });
  // One child per label set, kept: the request's own cost is a map lookup and an observe.
  const requestChildren = new Map<string, ReturnType<typeof requests.labels>>();

  const appends = new Counter({ name: 'event_appends_total', help: 'Appends to the event log (each one commit of one or more events).', labelNames: ['outcome'], registers });
  const appendSeconds = new Histogram({ name: 'event_append_duration_seconds', help: 'Time for an append to be durable.', buckets: SECONDS_BUCKETS, registers });

  // A scrape collects every metric at once: metrics read from one source share that read, made once per scrape.
  const lags = oncePerScrape(async () => projectionLags(sources.eventStore, await sources.checkpoints(), sources.now()));
  new Gauge({
    name: 'projection_lag_events',
    help: 'Events in the log that the projection has not applied.',
    labelNames: ['projection'],
    registers,
    async collect() {
      this.reset();
      for (const lag of await lags()) this.set({ projection: lag.projection }, lag.events);
    },
  });
  new Gauge({
    name: 'projection_lag_seconds',
    help: 'Age of the oldest event the projection has not applied (0 when caught up).',
    labelNames: ['projection'],
    registers,
    async collect() {
      this.reset();
      for (const lag of await lags()) this.set({ projection: lag.projection }, lag.seconds);
    },
  });

  const queueStats = oncePerScrape(async () =>
    Promise.all(Object.entries(sources.queues).map(async ([queue, jobs]) => ({ queue, stats: await jobs.stats().catch(() => null) }))),
  );
  new Gauge({
    name: 'job_queue_jobs',
    help: 'Jobs in the queue by state (waiting: due; delayed: not yet due; failed: kept after every try failed).',
    labelNames: ['queue', 'state'],
    registers,
    async collect() {
      this.reset();
      for (const { queue, stats } of await queueStats()) {
        for (const state of ['waiting', 'delayed', 'active', 'failed'] as const) if (stats) this.set({ queue, state }, stats[state]);
      }
    },
  });
  // Counted by the queues themselves; a counter here moves by what they counted since the last scrape.
  const countedCounter = (name: string, help: string, pick: (stats: { retries: number; failures: number }) => number) => {
    const seen = new Map<string, number>();
    new Counter({
      name,
      help,
      labelNames: ['queue'],
      registers,
      async collect() {
        for (const { queue, stats } of await queueStats()) {
          if (!stats) continue;
          this.inc({ queue }, Math.max(0, pick(stats) - (seen.get(queue) ?? 0)));
          seen.set(queue, pick(stats));
        }
      },
    });
  };
  countedCounter('job_retries_total', 'Job tries that failed and were tried again (this process).', (stats) => stats.retries);
  countedCounter('job_failures_total', 'Jobs whose every try failed (this process).', (stats) => stats.failures);

  new Gauge({
    name: 'socketio_connections',
    help: 'Socket.IO clients connected to this node.',
    registers,
    collect() {
      this.set(sources.socketConnections());
    },
  });

  const operations = oncePerScrape(async () => {
    const status = operationStatus(sources.readStore);
    return Promise.all(OPERATIONS.map(async (operation) => ({ operation, found: await status.get(operation) })));
  });
  new Gauge({
    name: 'operation_last_success_age_seconds',
    help: 'Seconds since the last good run: the backup, the retention sweep, the reminder sweep. Absent before the first.',
    labelNames: ['operation'],
    registers,
    async collect() {
      this.reset();
      const now = sources.now().getTime();
      for (const { operation, found } of await operations()) {
        if (found?.lastSuccessAt) this.set({ operation }, Math.max(0, (now - Date.parse(found.lastSuccessAt)) / 1000));
      }
    },
  });
  new Gauge({
    name: 'operation_failing',
    help: '1 when the last run of the operation failed.',
    labelNames: ['operation'],
    registers,
    async collect() {
      this.reset();
      for (const { operation, found } of await operations()) {
        if (!found) continue;
        const lastFailure = found.lastFailureAt ? Date.parse(found.lastFailureAt) : null;
        this.set({ operation }, lastFailure !== null && (found.lastSuccessAt === null || lastFailure > Date.parse(found.lastSuccessAt)) ? 1 : 0);
      }
    },
  });

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      const key = `${method} ${status} ${route}`;
      let child = requestChildren.get(key);
      if (!child) {
        child = requests.labels(method, route, statusClass(status));
        requestChildren.set(key, child);
      }
      child.observe(seconds);
    },
    instrumentAppends(store) {
      const append = store.append.bind(store);
      store.append = async (...args) => {
        const end = appendSeconds.startTimer();
        try {
          const result = await append(...args);
          appends.inc({ outcome: 'ok' });
          end();
          return result;
        } catch (error) {
          appends.inc({ outcome: 'refused' });
          throw error;
        }
      };
    },
  };
}
