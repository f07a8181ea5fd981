import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { Router } from 'express';
import type { Registry } from 'prom-client';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** GET /metrics on the app's own port, to `Authorization: Bearer <METRICS_TOKEN>` only; 404 to anyone else, as if absent. */
export function bearerMetricsRoutes(registry: Registry, token: string): Router {
  const router = Router();
  const expected = digest(`Bearer ${token}`);
  router.get('/metrics', async (req, res) => {
    // Compared as hashes, in constant time: the comparison says nothing about how much of a guess was right.
    const given = digest(req.headers.authorization ?? '');
    if (!timingSafeEqual(given, expected)) {
      res.status(404).json({ message: 'Not found' });
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    res.type(registry.contentType).send(await registry.metrics());
  });
  return router;
}

/** GET /metrics alone, on METRICS_PORT: a port to keep on a private network, which serves nothing else. */
export async function startMetricsServer(registry: Registry, port: number): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' }).end(text),
      () => res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
