import http from 'node:http';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient } from '../testing/test-server.ts';

/** Classic stored-XSS payloads: script tags, event handlers, javascript: URLs, broken-out attributes. */
const PAYLOADS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror=window.__xss=1>',
  '<svg onload=window.__xss=1>',
  '<a href="javascript:window.__xss=1">x</a>',
  '"><iframe src=javascript:alert(1)>',
  '<p style="background:url(javascript:alert(1))" onclick="alert(1)">hi</p>',
];

const ACTIVE_CONTENT = /<script|<iframe|<svg|<img|\bon[a-z]+\s*=|javascript:|style=/i;

describe('stored XSS, security headers and CSRF', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let teacher: TestClient;

  beforeAll(async () => {
    server = await startTestServer();
    teacher = new TestClient(server.url);
    await teacher.register();
  });
  afterAll(async () => server?.close());

  it('strips scripts, event handlers and javascript: links from notes, keeping the text', async () => {
    for (const payload of PAYLOADS) {
      const created = await teacher.post('/api/students', {
        firstName: 'Xss',
        lastInitial: 'Q',
        grade: '3',
        status: 'active',
        notes: `<p>Keep me</p>${payload}`,
      });
      expect(created.status).toBe(201);
      const read = await teacher.get(`/api/students/${created.body.id}`);
      expect(read.body.notes).toContain('Keep me');
      expect(read.body.notes).not.toMatch(ACTIVE_CONTENT);
      await teacher.delete(`/api/students/${created.body.id}`, { 'If-Match': read.headers.get('etag')! });
    }
  });

  it('returns every other text field as a JSON string, exactly as typed, never as HTML', async () => {
    const payload = PAYLOADS[1]!;
    const created = await teacher.post('/api/students', {
      firstName: payload,
      lastInitial: 'Q',
      grade: '3',
      status: payload.slice(0, 40),
      parentName: payload,
      parentNotes: payload,
    });
    expect(created.status).toBe(201);
    const read = await teacher.get(`/api/students/${created.body.id}`);
    expect(read.headers.get('content-type')).toContain('application/json');
    expect(read.headers.get('x-content-type-options')).toBe('nosniff');
    expect(read.body).toMatchObject({ firstName: payload, parentName: payload, parentNotes: payload });

    const accommodation = await teacher.post('/api/accommodations', { name: payload, category: 'custom', description: payload });
    expect(accommodation.status).toBe(201);
    expect(accommodation.headers.get('content-type')).toContain('application/json');
    expect(accommodation.body).toMatchObject({ name: payload, description: payload });
  });

  it('sends helmet headers with a strict Content-Security-Policy on API answers and pages alike', async () => {
    for (const url of ['/healthz', '/api/auth/me', '/api/students']) {
      const response = await teacher.get(url);
      const csp = response.headers.get('content-security-policy') ?? '';
      const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';
      expect(directive('script-src')).toBe("script-src 'self'");
      expect(directive('object-src')).toBe("object-src 'none'");
      expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
      expect(directive('default-src')).toBe("default-src 'self'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('gives the session cookie HttpOnly and SameSite=Lax, so scripts and cross-site posts cannot use it', async () => {
    const account = { email: `cookie-${Date.now()}@school.test`, password: 'correct horse battery' };
    const post = (url: string, body: unknown) =>
      fetch(`${server.url}${url}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post('/api/auth/register', { name: 'Cookie Check', ...account })).status).toBe(202);
    const cookie = (await post('/api/auth/login', account)).headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('refuses a cross-site form post even with the session cookie, and changes nothing', async () => {
    const before = await teacher.get('/api/students');
    const form = new URLSearchParams({ firstName: 'Forged', lastInitial: 'F', grade: '3', status: 'active' }).toString();
    for (const [method, url] of [['POST', '/api/students'], ['PUT', '/api/settings'], ['POST', '/api/auth/logout'], ['POST', '/api/upgrade-to-premium']] as const) {
      const response = await teacher.request(method, url, {
        rawBody: form,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' },
      });
      expect(response.status).toBe(403);
      expect(response.body.message).toBe('Cross-site requests are not allowed');
    }
    // Still signed in, nothing was added.
    const after = await teacher.get('/api/students');
    expect(after.status).toBe(200);
    expect(after.body).toHaveLength(before.body.length);
  });

  it('lets the page connect only to its own origin: connect-src names it and its ws: form, never any ws: or wss: host', async () => {
    const csp = (await teacher.get('/api/auth/me')).headers.get('content-security-policy') ?? '';
    const connectSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('connect-src '));
    expect(connectSrc).toBe(`connect-src 'self' ws://localhost:${server.port}`);
  });

  it('names the origin each request came to in connect-src, for the first few hosts (kept) and any after them alike', async () => {
    const connectSrcFor = (host: string) =>
      new Promise<string>((resolve, reject) => {
        const request = http.get({ host: '127.0.0.1', port: server.port, path: '/healthz', headers: { Host: host } }, (response) => {
          response.resume();
          const csp = String(response.headers['content-security-policy'] ?? '');
          resolve(csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('connect-src ')) ?? '');
        });
        request.on('error', reject);
      });
    for (let n = 1; n <= 12; n++) expect(await connectSrcFor(`school-${n}.example:8080`)).toBe(`connect-src 'self' ws://school-${n}.example:8080`);
    expect(await connectSrcFor('school-1.example:8080')).toBe("connect-src 'self' ws://school-1.example:8080");
  });

  it('refuses a write whose Origin has the right host but another scheme, and takes one from its own origin', async () => {
    const sameHostOtherScheme = await teacher.request('POST', '/api/upgrade-to-premium', { body: {}, headers: { Origin: `https://localhost:${server.port}` } });
    expect(sameHostOtherScheme.status).toBe(403);
    expect(sameHostOtherScheme.body.message).toBe('Cross-site requests are not allowed');
    const otherPort = await teacher.request('POST', '/api/upgrade-to-premium', { body: {}, headers: { Origin: `http://localhost:${server.port + 1}` } });
    expect(otherPort.status).toBe(403);
    expect((await teacher.request('POST', '/api/upgrade-to-premium', { body: {}, headers: { Origin: `http://localhost:${server.port}` } })).status).toBe(200);
  });

  it('refuses a Socket.IO handshake from another origin, even with the session cookie, and accepts its own', async () => {
    const handshake = (origin: string, transport: 'websocket' | 'polling') =>
      new Promise<'connected' | 'refused'>((resolve) => {
        const socket = connect(server.url, { transports: [transport], reconnection: false, extraHeaders: { Cookie: teacher.cookie ?? '', Origin: origin } });
        socket.on('connect', () => {
          socket.close();
          resolve('connected');
        });
        socket.on('connect_error', () => {
          socket.close();
          resolve('refused');
        });
      });
    for (const transport of ['websocket', 'polling'] as const) {
      expect(await handshake('https://evil.example', transport)).toBe('refused');
      expect(await handshake(`https://localhost:${server.port}`, transport)).toBe('refused');
      expect(await handshake(`http://localhost:${server.port}`, transport)).toBe('connected');
    }
  });
});
