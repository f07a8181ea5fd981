import { eventsFileIn, keysFileIn } from './data-files.ts';
import { openEmbeddedEventStore } from './embedded-event-store.ts';
import { createShreddingEventStore, type ShreddingEventStore } from './shredding-event-store.ts';
import { openSqliteSubjectKeyStore } from './subject-key-store.ts';

/**
 * The embedded log as a process reads it when nothing is distributed: `<dataDir>/events.sqlite`, its personal
 * fields deciphered with the subject keys of `<dataDir>/keys.sqlite`. openEventStore opens it so, and so does the
 * read-ahead thread, which therefore needs nothing that knows about read-ahead.
 */
export function openEmbeddedLog(dataDir: string): ShreddingEventStore {
  const keys = openSqliteSubjectKeyStore(keysFileIn(dataDir));
  return createShreddingEventStore(openEmbeddedEventStore({ file: eventsFileIn(dataDir) }), keys);
}
