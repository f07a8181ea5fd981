import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TestClient, testServerForFile } from '../../testing/test-server.ts';

// As docker-compose runs it: one TLS-terminating proxy in front, which sets X-Forwarded-Proto and X-Forwarded-For.
const server = testServerForFile({ TRUST_PROXY: '1' });

const viaProxy = (clientAddress: string) => ({ 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': clientAddress });

describe('behind a TLS proxy (TRUST_PROXY=1)', () => {
  it('marks the session cookie Secure when the browser came over HTTPS', async () => {
    const email = `proxy-${randomUUID()}@school.test`;
    const browser = new TestClient(server.url);
    const account = { email, password: 'long enough pw' };
    expect((await browser.post('/api/auth/register', { name: 'Pat Proxy', ...account }, viaProxy('203.0.113.7'))).status).toBe(202);
    const response = await browser.post('/api/auth/login', account, viaProxy('203.0.113.7'));
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/;\s*Secure/i);
  });

  it('limits wrong passwords per client address, so one school behind a proxy does not lock out another', async () => {
    const statuses: number[] = [];
    // Different accounts each time: only the per-address limit (30 in 15 minutes) is in play.
    for (let i = 0; i < 31; i++) {
      const attempt = { email: `nobody-${randomUUID()}@school.test`, password: 'wrong password' };
      statuses.push((await new TestClient(server.url).post('/api/auth/login', attempt, viaProxy('198.51.100.1'))).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);

    const elsewhere = await new TestClient(server.url).post(
      '/api/auth/login',
      { email: `nobody-${randomUUID()}@school.test`, password: 'wrong password' },
      viaProxy('198.51.100.2'),
    );
    expect(elsewhere.status).toBe(401);
    // 32 sign-ins, each a deliberately slow password hash.
  }, 60_000);
});
