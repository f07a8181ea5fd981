import { describe, expect, it } from 'vitest';
import { freePort } from '../testing/free-port.ts';
import { createRedisEmitterPublisher } from './redis-emitter-publisher.ts';

describe('Redis emitter publisher while Redis is unreachable', () => {
  it('drops pokes without throwing, so the projections process keeps running', async () => {
    const port = await freePort(); // nothing listens there
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
