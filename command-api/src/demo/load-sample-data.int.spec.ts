import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRuntimeConfig } from '@accommodate/shared-events/config/runtime-config';
import { openEventStore } from '@accommodate/shared-events/event-store/open-event-store';
import { startServer } from '../server.ts';
import { TestClient } from '../testing/test-server.ts';
import { loadSampleData, SampleDataRefused, type SampleAccount } from './load-sample-data.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accommodate-demo-'));
const config = loadRuntimeConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', UI_DIST: '/nonexistent' });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function eventCount(): Promise<number> {
  const eventStore = await openEventStore({ dataDir, eventStoreUrl: undefined, mongodbUrl: undefined });
  let count = 0;
  for await (const _event of eventStore.readAll()) count += 1;
  await eventStore.close();
  return count;
}

const signIn = async (url: string, account: SampleAccount) => {
  const client = new TestClient(url);
  expect((await client.post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(200);
  return client;
};

describe('npm run demo', () => {
  let loaded: Awaited<ReturnType<typeof loadSampleData>>;

  it('fills a fresh install with a fictional caseload the sample teacher sees on signing in', async () => {
    loaded = await loadSampleData(config);
    const server = await startServer(config, { runProjections: true });
    try {
      const teacher = await signIn(server.url, loaded.teacher);
      const user = (await teacher.get('/api/auth/user')).body;
      expect(user).toMatchObject({ email: loaded.teacher.email, emailVerified: true, isPremium: true });

      const students = (await teacher.get('/api/students')).body as { id: string; grade: string; accommodationIds: unknown[]; notes: string | null }[];
      expect(students.length).toBeGreaterThanOrEqual(20);
      expect(new Set(students.map((student) => student.grade)).size).toBeGreaterThanOrEqual(10);
      expect(students.every((student) => student.accommodationIds.length > 0)).toBe(true);
      const plans = (await teacher.get('/api/plans')).body as { reviewDate: string }[];
      expect(plans.length).toBeGreaterThanOrEqual(20);
      const today = new Date().toISOString().slice(0, 10);
      expect(plans.some((plan) => plan.reviewDate < today)).toBe(true);
      expect(plans.some((plan) => plan.reviewDate > today)).toBe(true);
      expect((await teacher.get('/api/notifications')).body.length).toBeGreaterThan(0);

      const coTeacher = await signIn(server.url, loaded.coTeacher);
      expect((await coTeacher.get('/api/students')).body).toHaveLength(1);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('refuses a DATA_DIR that already holds records, and writes nothing', async () => {
    expect(loaded).toBeDefined();
    const before = await eventCount();
    await expect(loadSampleData(config)).rejects.toBeInstanceOf(SampleDataRefused);
    expect(await eventCount()).toBe(before);
  }, 60_000);
});
