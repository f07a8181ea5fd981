import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRuntimeConfig } from '@accommodate/shared-events/config/runtime-config';
import { startServer, type RunningServer } from '../server.ts';
import { readMailOf, TestClient } from '../testing/test-server.ts';
import { BACKGROUND_REQUEST_HEADER } from '@accommodate/shared-events/schemas/active-session';

const MINUTE = 60 * 1000;

describe('idle sessions end (issue 22)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accommodate-idle-'));
  /** The server's clock runs this far ahead of the real one: the test moves time instead of waiting. */
  let ahead = 0;
  let server: RunningServer;

  beforeAll(async () => {
    const config = loadRuntimeConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', UI_DIST: '/nonexistent' });
    server = await startServer(config, { runProjections: true, now: () => new Date(Date.now() + ahead) });
    readMailOf(server);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const signedIn = async () => {
    const client = new TestClient(server.url);
    await client.register();
    return client;
  };

  it('after 30 minutes without a request, by default, and a request before then keeps it going', async () => {
    const teacher = await signedIn();
    // The UI learns the limit from the account answer, to warn two minutes before it.
    expect((await teacher.get('/api/auth/user')).body).toMatchObject({ sessionIdleMinutes: 30 });
    ahead += 29 * MINUTE;
    expect((await teacher.get('/api/auth/me')).status).toBe(200);
    ahead += 29 * MINUTE;
    expect((await teacher.get('/api/auth/me')).status).toBe(200);

    ahead += 30 * MINUTE;
    const expired = await teacher.get('/api/auth/me');
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ message: 'Please sign in to continue' });
  });

  it('counts no background refresh as activity, so a colleague’s edits cannot keep a shared computer signed in', async () => {
    const teacher = await signedIn();
    const background = { [BACKGROUND_REQUEST_HEADER]: '1' };
    ahead += 20 * MINUTE;
    expect((await teacher.get('/api/students', background)).status).toBe(200);
    ahead += 9 * MINUTE;
    expect((await teacher.get('/api/students', background)).status).toBe(200);

    ahead += 1 * MINUTE;
    expect((await teacher.get('/api/students', background)).status).toBe(401);
    // Ended for good: the person's own request does not bring it back.
    expect((await teacher.get('/api/students')).status).toBe(401);
  });
});

describe('a configured idle limit (SESSION_IDLE_MINUTES)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accommodate-idle-configured-'));
  let ahead = 0;
  let server: RunningServer;

  beforeAll(async () => {
    const config = loadRuntimeConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', UI_DIST: '/nonexistent', SESSION_IDLE_MINUTES: '5' });
    server = await startServer(config, { runProjections: true, now: () => new Date(Date.now() + ahead) });
    readMailOf(server);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is told to the UI at sign-in and in GET /api/auth/user, and is the one the server ends sessions by', async () => {
    const teacher = new TestClient(server.url);
    const account = await teacher.register();
    const signIn = await new TestClient(server.url).post('/api/auth/login', { email: account.email, password: account.password });
    expect(signIn.body).toMatchObject({ sessionIdleMinutes: 5 });
    expect((await teacher.get('/api/auth/user')).body).toMatchObject({ sessionIdleMinutes: 5 });

    // 'Stay signed in' is such a request: the person's own, without the background header.
    ahead += 4 * MINUTE;
    expect((await teacher.get('/api/auth/user')).status).toBe(200);
    ahead += 4 * MINUTE;
    expect((await teacher.get('/api/auth/user')).status).toBe(200);
    ahead += 5 * MINUTE;
    expect((await teacher.get('/api/auth/user')).status).toBe(401);
  });
});
