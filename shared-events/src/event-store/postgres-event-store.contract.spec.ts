import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../events/envelope.ts';
import { streamName } from '../events/stream-name.ts';
import { pgTestDatabaseOrSkip } from '../testing/pg-test-database.ts';
import { eventStoreContract } from './event-store.contract.ts';
import type { AppendResult, EventStore } from './event-store.ts';
import { openPostgresEventStore } from './postgres-event-store.ts';

const database = await pgTestDatabaseOrSkip('EventStore contract: PostgreSQL');

if (database) {
  /** Plants a row as an older build would have written it, under the log's own lock. */
  const appendRaw = async (streamId: string, storedType: string, data: unknown, metadata: Record<string, unknown>): Promise<void> => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':events'))`);
      await client.query(
        `INSERT INTO events (position, stream_id, revision, type, data, metadata, event_id, occurred_at)
         SELECT nextval('events_position'), $1, coalesce(max(revision), -1) + 1, $2, $3, $4, $5, $6 FROM events WHERE stream_id = $1`,
        [streamId, storedType, JSON.stringify(data), JSON.stringify(metadata), randomUUID(), metadata.occurredAt],
      );
      await client.query('COMMIT');
    } finally {
      await client.end();
    }
  };

  eventStoreContract('PostgreSQL', () => openPostgresEventStore({ url: database.url, pollIntervalMs: 200 }), { appendRaw });

  describe('PostgreSQL event log: the global position under concurrent writers', () => {
    afterAll(async () => database.drop());

    it('gives a subscriber every event of 8 writers on their own connections, none skipped, none twice, in position order', async () => {
      // Each writer on a pool of its own (another URL, another pool), as 8 API nodes would be: their transactions race in the server.
      const writers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => {
          const url = new URL(database.url);
          url.searchParams.set('application_name', `writer-${i}`);
          return openPostgresEventStore({ url: url.toString() });
        }),
      );
      const reader = await openPostgresEventStore({ url: database.url, pollIntervalMs: 5_000 });
      const start = await reader.headPosition();
      const streams = new Set<string>();
      const seen: EventEnvelope[] = [];
      const controller = new AbortController();
      const subscription = (async () => {
        for await (const page of reader.subscribeToAllPages!({ after: start, signal: controller.signal, maxPage: 7 })) {
          for (const event of page) if (streams.has(event.streamId)) seen.push(event);
        }
      })();

      const acknowledged: AppendResult[] = [];
      const meta = { actor: { userId: 'teacher-1' }, correlationId: randomUUID(), causationId: null };
      await Promise.all(
        writers.map(async (store, w) => {
          for (let n = 0; n < 60; n++) {
            const userId = randomUUID();
            const streamId = streamName('user', userId);
            streams.add(streamId);
            const upgrades = Array.from({ length: n % 3 }, () => ({ type: 'UserUpgradedToPremium' as const, data: { userId } }));
            const write = store.append(streamId, [{ type: 'UserRegistered', data: { userId, name: `W${w}`, email: `${userId}@example.test` } }, ...upgrades], {
              expectedRevision: 'no_stream',
              ...meta,
            });
            // Two appends in flight per writer, so each writer's batches overlap the others' too.
            if (n % 2 === 0) acknowledged.push(await write);
            else void write.then((result) => acknowledged.push(result));
          }
        }),
      );
      const expected = 8 * 60 + 8 * (20 * 0 + 20 * 1 + 20 * 2);
      const deadline = Date.now() + 15_000;
      while (seen.length < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      controller.abort();
      await subscription;

      const all: EventEnvelope[] = [];
      for await (const event of reader.readAll({ after: start })) if (streams.has(event.streamId)) all.push(event);
      expect(all).toHaveLength(expected);
      expect(seen.map((event) => event.eventId)).toEqual(all.map((event) => event.eventId));
      expect(new Set(seen.map((event) => event.eventId)).size).toBe(expected);
      const positions = seen.map((event) => event.position);
      expect(positions.every((position, i) => i === 0 || position > positions[i - 1]!)).toBe(true);
      expect(acknowledged).toHaveLength(8 * 60);

      await reader.close();
      await Promise.all(writers.map((store: EventStore) => store.close()));
    });
  });
}
