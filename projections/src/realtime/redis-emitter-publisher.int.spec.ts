import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createRedisEmitterPublisher } from './redis-emitter-publisher.ts';

describe('Redis emitter publisher while Redis is unreachable', () => {
  it('drops pokes without throwing, so the projections process keeps running', async () => {
    const port = await closedPort();
    const publisher = createRedisEmitterPublisher({ redisUrl: `redis://127.0.0.1:${port}` });
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => void rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      for (let i = 0; i < 5; i += 1) {
        expect(() => publisher.publish({ entity: 'student', id: 's-1', actorId: 'u-1' }, ['u-1'])).not.toThrow();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await publisher.close();
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });
});

/** A port nothing listens on: bind one, note it, release it. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
