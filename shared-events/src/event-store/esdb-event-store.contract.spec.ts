import { ANY, EventStoreDBClient, jsonEvent } from '@eventstore/db-client';
import type { JSONType } from '@eventstore/db-client';
import { describe, it } from 'vitest';
import { eventStoreContract } from './event-store.contract.ts';
import { openEsdbEventStore } from './esdb-event-store.ts';

const url = process.env.EVENTSTORE_URL;

if (url) {
  /** Plants an event with a stored type this build may not write itself (unknown or legacy). */
  const appendRaw = async (streamId: string, storedType: string, data: unknown, metadata: Record<string, unknown>): Promise<void> => {
    const client = EventStoreDBClient.connectionString(url);
    try {
      await client.appendToStream(streamId, jsonEvent({ type: storedType, data: data as JSONType, metadata }), { expectedRevision: ANY });
    } finally {
      await client.dispose();
    }
  };
  eventStoreContract('EventStoreDB', async () => openEsdbEventStore({ connectionString: url }), { appendRaw });
} else {
  console.warn('EventStoreDB contract tests skipped: EVENTSTORE_URL is not set (no EventStoreDB on this machine)');
  describe.skip('EventStore contract: EventStoreDB (set EVENTSTORE_URL to run)', () => {
    it('needs a running EventStoreDB', () => {});
  });
}
