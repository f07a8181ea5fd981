import type { Position } from '../events/envelope.ts';
import type { EventStore } from './event-store.ts';
import { createShreddingEventStore } from './shredding-event-store.ts';
import { openMongoSubjectKeyStore, openSqliteSubjectKeyStore, type SubjectKeyStore } from './subject-key-store.ts';
import { eventsFileIn, keysFileIn } from './data-files.ts';
import { securePrivateDataDir } from '../storage/private-files.ts';

/**
 * PostgreSQL when DATABASE_URL is set (the log and the subject keys both there); else EventStoreDB when its URL is
 * configured, else the embedded file `<dataDir>/events.sqlite`.
 * Each implementation is imported only when chosen, so embedded mode never loads the gRPC client.
 * Either way it is wrapped for crypto-shredding; the subject keys live outside the log:
 * in MongoDB when `mongodbUrl` is set (shared by every node), else in `<dataDir>/keys.sqlite`.
 */
export async function openEventStore(config: {
  databaseUrl?: string | undefined;
  eventStoreUrl?: string | undefined;
  dataDir: string;
  mongodbUrl?: string | undefined;
}): Promise<EventStore> {
  // Every process opens the log first: DATA_DIR is 0700 and its files 0600 before any of them is read or written.
  await securePrivateDataDir(config.dataDir);
  if (config.databaseUrl) {
    const { openPostgresEventStore } = await import('./postgres-event-store.ts');
    const { openPostgresSubjectKeyStore } = await import('./postgres-subject-key-store.ts');
    const keys = await openPostgresSubjectKeyStore(config.databaseUrl);
    return createShreddingEventStore(await openPostgresEventStore({ url: config.databaseUrl }), keys);
  }
  if (!config.eventStoreUrl && !config.mongodbUrl) {
    // Both files local: the log can also be read ahead on a worker thread.
    const { openEmbeddedLog } = await import('./embedded-log.ts');
    const { readAllAhead } = await import('./read-ahead.ts');
    const store = openEmbeddedLog(config.dataDir);
    // Object.assign, not a spread: the store's `erasures` getter must stay live.
    return Object.assign(store, { readAllAhead: (options: { after?: Position | null; pageSize: number }) => readAllAhead(config.dataDir, options) });
  }
  const keys: SubjectKeyStore = config.mongodbUrl ? await openMongoSubjectKeyStore(config.mongodbUrl) : openSqliteSubjectKeyStore(keysFileIn(config.dataDir));
  if (config.eventStoreUrl) {
    const { openEsdbEventStore } = await import('./esdb-event-store.ts');
    return createShreddingEventStore(openEsdbEventStore({ connectionString: config.eventStoreUrl }), keys);
  }
  const { openEmbeddedEventStore } = await import('./embedded-event-store.ts');
  return createShreddingEventStore(openEmbeddedEventStore({ file: eventsFileIn(config.dataDir) }), keys);
}
