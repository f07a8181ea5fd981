import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { io as connect, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import { loadRuntimeConfig } from '@accommodate/shared-events/config/runtime-config';
import { startServer, type RunningServer } from '../server.ts';
import { linkMailedAfter } from './outbox-mail.ts';

import { forgetMailOf, mailDirOf, readMailOf } from './servers-mail.ts';

export { readMailOf };

/**
 * The real one-process server on a free port, storing in a fresh temporary DATA_DIR; `now`: its clock, if not the real
 * one. With TEST_TOPOLOGY=postgres (`npm run test:postgres`), the scale-out topology instead (postgres-test-server.ts).
 */
export async function startTestServer(env: Record<string, string> = {}, now?: () => Date): Promise<RunningServer & { dataDir: string }> {
  if (process.env.TEST_TOPOLOGY === 'postgres') {
    const { startPostgresTestServer } = await import('./postgres-test-server.ts');
    const server = await startPostgresTestServer(env, now);
    readMailOf(server);
    return {
      ...server,
      async close() {
        forgetMailOf(server.url);
        await server.close();
      },
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accommodate-test-'));
  const config = loadRuntimeConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', UI_DIST: '/nonexistent', ...env });
  const server = await startServer(config, { runProjections: true, ...(now ? { now } : {}) });
  readMailOf(server);
  return {
    ...server,
    dataDir,
    async close() {
      forgetMailOf(server.url);
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/**
 * The spec file's one server: started before its first test and closed after its last,
 * so call this at the top level of the file. The returned object reads through to the
 * running server, so use it inside tests and hooks.
 */
export function testServerForFile(env: Record<string, string> = {}, now?: () => Date): Omit<TestServer, 'close'> {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(env, now);
  });
  afterAll(async () => {
    await server?.close();
  });
  const running = (): TestServer => {
    if (!server) throw new Error('The test server is not running yet: use it inside a test or hook');
    return server;
  };
  return {
    get url() {
      return running().url;
    },
    get port() {
      return running().port;
    },
    get context() {
      return running().context;
    },
    get dataDir() {
      return running().dataDir;
    },
    get documentLeftovers() {
      return running().documentLeftovers;
    },
    get metricsPort() {
      return running().metricsPort;
    },
  };
}

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** A browser-like client: keeps its session cookie between calls. */
export class TestClient {
  cookie: string | null = null;

  constructor(readonly baseUrl: string) {}

  async request<T = any>(
    method: string,
    url: string,
    options: { body?: unknown; headers?: Record<string, string>; rawBody?: BodyInit } = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookie) headers.Cookie = this.cookie;
    let body = options.rawBody;
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(this.baseUrl + url, { method, headers, body, redirect: 'manual' });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) {
      const pair = setCookie.split(';')[0] ?? '';
      this.cookie = pair.endsWith('=') ? null : pair;
    }
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('application/json') && text) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  get = <T = any>(url: string, headers?: Record<string, string>) => this.request<T>('GET', url, headers ? { headers } : {});
  post = <T = any>(url: string, body?: unknown, headers?: Record<string, string>) =>
    this.request<T>('POST', url, { body: body ?? {}, ...(headers ? { headers } : {}) });
  put = <T = any>(url: string, body: unknown, headers?: Record<string, string>) =>
    this.request<T>('PUT', url, { body, ...(headers ? { headers } : {}) });
  patch = <T = any>(url: string, body: unknown, headers?: Record<string, string>) =>
    this.request<T>('PATCH', url, { body, ...(headers ? { headers } : {}) });
  delete = <T = any>(url: string, headers?: Record<string, string>) => this.request<T>('DELETE', url, headers ? { headers } : {});

  /** A Socket.IO connection (WebSocket only) carrying this client's session, once it is connected. */
  openSocket(options: Partial<ManagerOptions & SocketOptions> = {}): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const socket = connect(this.baseUrl, { transports: ['websocket'], ...options, extraHeaders: { Cookie: this.cookie ?? '' } });
      socket.on('connect', () => resolve(socket));
      socket.on('connect_error', reject);
    });
  }

  /**
   * Registers a fresh account as a person does: the API answers 202 without a session and mails a link, so
   * the client reads the link from the server's outbox, signs in and follows it. The account ends up verified and
   * signed in; returns it as the verification answered (CurrentUser), with its password.
   */
  async register(
    name = 'Test Teacher',
    email = `teacher-${randomUUID()}@school.test`,
    password = 'correct horse battery',
    headers?: Record<string, string>,
  ) {
    const dataDir = mailDirOf(this.baseUrl);
    if (!dataDir) throw new Error('register() reads the mail of a server started by startTestServer');
    const token = await linkMailedAfter(dataDir, email, '/verify-email', async () => {
      const response = await this.post('/api/auth/register', { name, email, password }, headers);
      if (response.status !== 202) throw new Error(`register failed with ${response.status}`);
    });
    const login = await this.post('/api/auth/login', { email, password }, headers);
    if (login.status !== 200) throw new Error(`sign-in after registering failed with ${login.status}`);
    const verified = await this.post('/api/auth/verify-email', { token }, headers);
    if (verified.status !== 200) throw new Error(`verification failed with ${verified.status}`);
    return { ...verified.body, password } as { id: string; email: string; password: string; name: string };
  }
}

/** A client signed in to a freshly registered account, with the account at hand. */
export async function signedInTeacher(baseUrl: string, name?: string) {
  const client = new TestClient(baseUrl);
  const account = await client.register(name);
  return Object.assign(client, { account });
}

/**
 * One account signed in twice, as on a laptop and a phone: two clients, each with its own session. Each sign-in may
 * carry a User-Agent, which names the session's device.
 */
export async function signedInOnTwoDevices(baseUrl: string, userAgents: { laptop?: string; phone?: string } = {}) {
  const header = (userAgent: string | undefined) => (userAgent ? { 'User-Agent': userAgent } : undefined);
  const laptop = new TestClient(baseUrl);
  const account = await laptop.register('Sam Sessions', undefined, undefined, header(userAgents.laptop));
  const phone = new TestClient(baseUrl);
  const login = await phone.post('/api/auth/login', { email: account.email, password: account.password }, header(userAgents.phone));
  if (login.status !== 200) throw new Error(`login failed with ${login.status}`);
  return { account, laptop, phone };
}
