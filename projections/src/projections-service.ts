import type { RuntimeConfig } from '@accommodate/shared-events/config/runtime-config';
import { createLogger } from '@accommodate/shared-events/logging/logger';
import { openEventStore } from '@accommodate/shared-events/event-store/open-event-store';
import { openReadStore } from './store/open-read-store.ts';
import { ALL_PROJECTIONS } from './definitions/all-projections.ts';
import { startProjections } from './runner/projection-runner.ts';
import { createRedisEmitterPublisher } from './realtime/redis-emitter-publisher.ts';
import type { ChangePublisher } from './realtime/change-publisher.ts';

export interface RunningProjectionsService {
  stop(): Promise<void>;
}

/**
 * The projections service (`npm start -w projections`, or in-process in tests): keeps the
 * read models current and pokes the API nodes' sockets through Redis.
 */
export async function startProjectionsService(config: RuntimeConfig): Promise<RunningProjectionsService> {
  const logger = createLogger('projections', config.logLevel);
  const silentPublisher: ChangePublisher = { publish: () => undefined, close: async () => undefined };
  if (!config.redisUrl) logger.warn('REDIS_URL is not set: read models update, but no live pokes reach the API nodes');

  const eventStore = await openEventStore(config);
  const readStore = await openReadStore(config);
  const publisher = config.redisUrl
    ? createRedisEmitterPublisher({ redisUrl: config.redisUrl, key: config.socketRedisKey, logger: createLogger('realtime', config.logLevel) })
    : silentPublisher;
  const runner = await startProjections({ eventStore, readStore, projections: ALL_PROJECTIONS, publisher, logger });
  logger.info('projections running', { projections: ALL_PROJECTIONS.length });

  return {
    async stop() {
      await runner.stop();
      await publisher.close();
      await readStore.close();
      await eventStore.close();
    },
  };
}
