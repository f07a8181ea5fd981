import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRuntimeConfig } from '@accommodate/shared-events/config/runtime-config';
import { SYSTEM_ACTOR } from '@accommodate/shared-events/events/envelope';
import { startServer, type RunningServer } from '../server.ts';
import { readMailOf, signedInTeacher } from '../testing/test-server.ts';

const METRICS_TOKEN = randomBytes(24).toString('hex');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accommodate-metrics-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const start = async (runProjections: boolean): Promise<RunningServer> => {
  const config = loadRuntimeConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', UI_DIST: '/nonexistent', METRICS_TOKEN, METRICS_PORT: '0' });
  const server = await startServer(config, { runProjections });
  readMailOf(server);
  return server;
};

interface Family {
  name: string;
  type: string;
  metrics: { labels?: Record<string, string>; value?: string; buckets?: Record<string, string>; count?: string }[];
}

/** GET /metrics on the metrics port, through a Prometheus text-format parser (which throws on a line it cannot read): each family by name. */
async function scrape(server: RunningServer): Promise<Map<string, Family> & { text: string }> {
  const response = await fetch(`http://127.0.0.1:${server.metricsPort}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await response.text();
  const families: Family[] = parsePrometheusTextFormat(text);
  return Object.assign(new Map(families.map((family) => [family.name, family])), { text });
}

const valueOf = (families: Map<string, Family>, name: string, labels: Record<string, string>): number => {
  const found = families.get(name)?.metrics.find((metric) => Object.entries(labels).every(([label, value]) => metric.labels?.[label] === value));
  if (!found) throw new Error(`no ${name} ${JSON.stringify(labels)}`);
  return Number(found.value);
};

describe('GET /metrics', () => {
  it('serves every figure in the Prometheus text format, by route pattern and never by id; on the public port only to its bearer', async () => {
    const server = await start(true);
    try {
      const teacher = await signedInTeacher(server.url, 'Mo Metrics');
      const created = await teacher.post('/api/students', { firstName: 'Metra', lastInitial: 'M', grade: '2', status: 'active', accommodationIds: [] });
      const id = created.body.id as string;
      const read = await teacher.get(`/api/students/${id}`);
      expect(read.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

      const families = await scrape(server);
      expect(families.get('http_request_duration_seconds')?.type).toBe('HISTOGRAM');
      // The parser folds a histogram's label sets into one; its series' own lines carry them.
      expect(families.text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/students\/:id",status="2xx"\} 1$/m);
      for (const name of ['event_appends_total', 'event_append_duration_seconds', 'projection_lag_events', 'projection_lag_seconds', 'job_queue_jobs', 'socketio_connections', 'operation_last_success_age_seconds']) {
        expect(families.has(name), name).toBe(true);
      }
      expect(valueOf(families, 'event_appends_total', { outcome: 'ok' })).toBeGreaterThan(0);
      // The reminder sweep runs at start (its schedule runs it at once), and so does the retention sweep.
      await expect
        .poll(async () => (await scrape(server)).get('operation_last_success_age_seconds')?.metrics.map((metric) => metric.labels?.operation).sort())
        .toEqual(['retention-sweep', 'review-sweep']);
      // No label anywhere carries a record's id.
      expect(families.text).not.toContain(id);
      expect(families.text).not.toContain(teacher.account.id);

      // The app's own port: nothing without the token, as if there were no such page.
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
      expect((await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN.slice(1)}x` } })).status).toBe(404);
      const withToken = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(withToken.status).toBe(200);
      expect(parsePrometheusTextFormat(await withToken.text()).length).toBeGreaterThan(10);
    } finally {
      await server.close();
    }
  });

  it('shows each projection’s lag rising while the projections are paused', async () => {
    // The API alone: the projections' process is down, so the read models stay where it left them.
    const server = await start(false);
    try {
      const before = await scrape(server);
      const lagBefore = valueOf(before, 'projection_lag_events', { projection: 'caseload' });
      for (let i = 0; i < 3; i++) {
        const studentId = randomUUID();
        await server.context.eventStore.append(`student-${studentId}`, [{ type: 'StudentArchived', data: { studentId } }], {
          expectedRevision: 'any',
          actor: SYSTEM_ACTOR,
          correlationId: randomUUID(),
          causationId: null,
        });
      }
      const paused = await scrape(server);
      expect(valueOf(paused, 'projection_lag_events', { projection: 'caseload' })).toBe(lagBefore + 3);
      const seconds = valueOf(paused, 'projection_lag_seconds', { projection: 'caseload' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(valueOf(await scrape(server), 'projection_lag_seconds', { projection: 'caseload' })).toBeGreaterThan(seconds);
    } finally {
      await server.close();
    }
  });
});
