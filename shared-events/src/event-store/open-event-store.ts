import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { EventStore } from './event-store.ts';

/**
 * EventStoreDB when a URL is configured, else the embedded file `<dataDir>/events.sqlite`.
 * Each implementation is imported only when chosen, so embedded mode never loads the gRPC client.
 */
export async function openEventStore(config: { eventStoreUrl?: string; dataDir: string }): Promise<EventStore> {
  if (config.eventStoreUrl) {
    const { openEsdbEventStore } = await import('./esdb-event-store.ts');
    return openEsdbEventStore({ connectionString: config.eventStoreUrl });
  }
  await mkdir(config.dataDir, { recursive: true });
  const { openEmbeddedEventStore } = await import('./embedded-event-store.ts');
  return openEmbeddedEventStore({ file: join(config.dataDir, 'events.sqlite') });
}
