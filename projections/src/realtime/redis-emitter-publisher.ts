import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import { reconnectWithin500ms } from '@accommodate/shared-events/config/redis-reconnect';
import { connectionErrorReporter } from '@accommodate/shared-events/logging/error-summary';
import { createLogger, type Logger } from '@accommodate/shared-events/logging/logger';
import { CHANGE_EVENT, userRoom } from './change-publisher.ts';
import type { ChangePublisher } from './change-publisher.ts';

export interface RedisEmitterPublisherOptions {
  redisUrl: string;
  /** Must equal the API's Socket.IO redis-adapter key; Socket.IO's default is 'socket.io'. */
  key?: string;
  /** Where Redis errors are logged (class and code only). */
  logger?: Logger | undefined;
}

/**
 * For processes that are not Socket.IO servers (the projections service): pokes
 * travel over Redis pub/sub to every API node, which delivers them to its sockets.
 *
 * Pokes are at most once by design (clients refetch after a reconnect), so while
 * Redis is down they are dropped rather than queued: `enableOfflineQueue: false`,
 * and a failed publish is swallowed instead of becoming an unhandled rejection.
 */
export function createRedisEmitterPublisher(options: RedisEmitterPublisherOptions): ChangePublisher {
  const redis = new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, retryStrategy: reconnectWithin500ms });
  const { report, reset } = connectionErrorReporter(options.logger ?? createLogger('realtime'), 'change publisher Redis error');
  redis.on('error', report);
  redis.on('ready', reset);

  // The emitter calls publish() without awaiting it; catch here so an outage cannot crash the process.
  const safeClient = {
    publish: (channel: string, message: Buffer | string): Promise<number> =>
      redis.publish(channel, message).catch((error: unknown) => {
        report(error);
        return 0;
      }),
  };
  const emitter = new Emitter(safeClient, options.key === undefined ? {} : { key: options.key });

  return {
    publish(message, audience) {
      // Not connected (starting up, or Redis is down): drop the poke without noise.
      if (audience.length === 0 || redis.status !== 'ready') return;
      emitter.to(audience.map(userRoom)).emit(CHANGE_EVENT, message);
    },
    async close() {
      if (redis.status === 'end') return;
      try {
        await redis.quit();
      } catch {
        redis.disconnect();
      }
    },
  };
}
