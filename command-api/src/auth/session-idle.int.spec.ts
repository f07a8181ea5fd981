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
