import net from 'node:net';

/**
 * A TCP load balancer for the hosts test, as a district runs one in front of its API nodes: each connection goes to
 * the next backend in turn; one that refuses or cannot be reached is skipped for a second, and the connection tries
 * the next. Connections to a node that dies are cut, as a real balancer's are.
 */
export async function startBalancer(backends: readonly { host: string; port: number }[]): Promise<{ url: string; close(): Promise<void> }> {
  let next = 0;
  const downUntil = new Map<number, number>();
  const sockets = new Set<net.Socket>();

  const connectTo = (client: net.Socket, attempt: number): void => {
    if (attempt >= backends.length * 2) return void client.destroy();
    let index = next++ % backends.length;
    for (let i = 0; i < backends.length && (downUntil.get(index) ?? 0) > Date.now(); i++) index = (index + 1) % backends.length;
    const backend = backends[index]!;
    const upstream = net.connect({ host: backend.host, port: backend.port, timeout: 1_000 });
    sockets.add(upstream);
    let piped = false;
    upstream.once('connect', () => {
      piped = true;
      client.once('close', () => upstream.destroy());
      upstream.setTimeout(0);
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    });
    let settled = false;
    const failed = (): void => {
      if (settled) return;
      settled = true;
      upstream.destroy();
      if (piped) return void client.destroy();
      downUntil.set(index, Date.now() + 1_000);
      connectTo(client, attempt + 1);
    };
    upstream.once('timeout', failed);
    upstream.once('error', failed);
    upstream.once('close', () => {
      sockets.delete(upstream);
      if (piped) client.destroy();
    });
  };

  const server = net.createServer((client) => {
    sockets.add(client);
    client.pause();
    client.on('error', () => client.destroy());
    client.once('close', () => sockets.delete(client));
    connectTo(client, 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
