import type { Express } from 'express';
import type { AddressInfo } from 'node:net';

/** An app served on a free loopback port for a spec: `get(path)` answers "<status> <body>"; `close` stops it. */
export async function serveOnLoopback(app: Express): Promise<{ get: (path: string) => Promise<string>; close: () => void }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    get: (path) => fetch(`http://127.0.0.1:${port}${path}`).then(async (r) => `${r.status} ${await r.text()}`),
    close: () => void server.close(),
  };
}
