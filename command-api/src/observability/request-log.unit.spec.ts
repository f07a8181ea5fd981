import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestLog } from './request-log.ts';

const servers: { close(): void }[] = [];
afterEach(() => {
  servers.splice(0).forEach((server) => server.close());
  vi.restoreAllMocks();
});

/** An app with the request log in front of one route, and the JSON lines it writes to stdout. */
async function appLogging(trustProxy: boolean) {
  const lines: Record<string, unknown>[] = [];
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    const text = String(chunk);
    if (text.includes('"component":"http"')) lines.push(JSON.parse(text) as Record<string, unknown>);
    else write(chunk);
    return true;
  });
  const app = express().use(requestLog({ metrics: undefined, logLevel: 'info', trustProxy }));
  app.get('/api/students/:id', (_req, res) => void res.json({ ok: true }));
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, { headers });
  return { lines, get };
}

describe('the request log', () => {
  it('writes one JSON line per request with its route pattern, never the URL, and the id it sends back', async () => {
    const { lines, get } = await appLogging(false);
    const response = await get('/api/students/5d0c4e1a-record-id?name=Ava', { 'X-Request-Id': 'spoofed-by-a-client' });
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    await expect.poll(() => lines.length).toBe(1);
    expect(lines[0]).toMatchObject({ level: 'info', message: 'request', requestId, method: 'GET', route: '/api/students/:id', status: 200 });
    expect(JSON.stringify(lines[0])).not.toMatch(/record-id|Ava/);
    expect((await get('/nowhere/123')).status).toBe(404);
    await expect.poll(() => lines.length).toBe(2);
    expect(lines[1]).toMatchObject({ route: 'unmatched', status: 404 });
  });

  it('keeps the id a trusted proxy set, when it looks like one', async () => {
    const { lines, get } = await appLogging(true);
    expect((await get('/api/students/1', { 'X-Request-Id': 'nginx-0f3a9c2e77' })).headers.get('x-request-id')).toBe('nginx-0f3a9c2e77');
    expect((await get('/api/students/1', { 'X-Request-Id': 'has spaces and "quotes"' })).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => lines.map((line) => line.requestId)).toContain('nginx-0f3a9c2e77');
  });
});
