import { PassThrough, Readable } from 'node:stream';
import { StreamNotFoundError, WrongExpectedVersionError } from '@eventstore/db-client';
import type { AllStreamResolvedEvent } from '@eventstore/db-client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventEnvelope } from '../events/envelope.ts';
import { WrongExpectedRevisionError } from './event-store.ts';
import { openEsdbEventStore } from './esdb-event-store.ts';

// No EventStoreDB runs here, so this pins the adapter's mapping against a stand-in client.
// The contract suite (EVENTSTORE_URL) is what proves it against a real server.
const fake = vi.hoisted(() => ({
  appendToStream: vi.fn(),
  readStream: vi.fn(),
  readAll: vi.fn(),
  subscribeToAll: vi.fn(),
  dispose: vi.fn(async () => {}),
}));

vi.mock('@eventstore/db-client', async (importOriginal) => {
  const real = await importOriginal<typeof import('@eventstore/db-client')>();
  return { ...real, EventStoreDBClient: { connectionString: () => fake } };
});

const meta = { actor: { userId: 'teacher-1' }, correlationId: 'corr-1', causationId: null };
const storedMeta = { ...meta, occurredAt: '2024-05-01T10:00:00.000Z' };

function recorded(position: bigint, type: string, streamId = 'user-1', data: unknown = { userId: '1' }): AllStreamResolvedEvent {
  return {
    event: {
      streamId,
      id: `00000000-0000-4000-8000-${position.toString().padStart(12, '0')}`,
      isJson: true,
      revision: 0n,
      type,
      created: new Date('2024-05-01T10:00:00Z'),
      data: data as never,
      metadata: storedMeta as never,
      position: { commit: position, prepare: position },
    },
    commitPosition: position,
  };
}

const streamingRead = (events: unknown[]): Readable & { cancel: () => Promise<void> } =>
  Object.assign(Readable.from(events), { cancel: vi.fn(async () => {}) });

async function drain(events: AsyncIterable<EventEnvelope>): Promise<EventEnvelope[]> {
  const all: EventEnvelope[] = [];
  for await (const event of events) all.push(event);
  return all;
}

describe('EventStoreDB event store mapping', () => {
  beforeEach(() => vi.clearAllMocks());

  it('appends with the stored type, our metadata and the mapped expected revision', async () => {
    fake.appendToStream.mockResolvedValue({ success: true, nextExpectedRevision: 3n, position: { commit: 900n, prepare: 900n } });
    const store = openEsdbEventStore({ connectionString: 'esdb://localhost:2113?tls=false' });

    const result = await store.append('user-1', [{ type: 'UserUpgradedToPremium', data: { userId: '1' } }], { expectedRevision: 2, ...meta });
    await store.append('user-1', [{ type: 'UserUpgradedToPremium', data: { userId: '1' } }], { expectedRevision: 'no_stream', ...meta });
    await store.append('user-1', [{ type: 'UserUpgradedToPremium', data: { userId: '1' } }], { expectedRevision: 'any', ...meta });

    expect(result).toEqual({ nextRevision: 3, position: 900n });
    const [streamId, events, options] = fake.appendToStream.mock.calls[0]!;
    expect(streamId).toBe('user-1');
    expect(events[0]).toMatchObject({ type: 'UserUpgradedToPremium.v1', data: { userId: '1' }, contentType: 'application/json' });
    expect(events[0].metadata).toMatchObject(meta);
    expect(typeof events[0].metadata.occurredAt).toBe('string');
    expect(options).toEqual({ expectedRevision: 2n });
    expect(fake.appendToStream.mock.calls.map((call) => call[2].expectedRevision)).toEqual([2n, 'no_stream', 'any']);
  });

  it('turns a wrong expected version into WrongExpectedRevisionError, with -1 for no stream', async () => {
    const store = openEsdbEventStore({ connectionString: 'esdb://localhost:2113?tls=false' });
    const event = { type: 'UserUpgradedToPremium', data: { userId: '1' } } as const;

    fake.appendToStream.mockRejectedValueOnce(new WrongExpectedVersionError(undefined, { streamName: 'user-1', expected: 0n, current: 'no_stream' }));
    const missing = await store.append('user-1', [event], { expectedRevision: 0, ...meta }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(WrongExpectedRevisionError);
    expect((missing as WrongExpectedRevisionError).actual).toBe(-1);

    fake.appendToStream.mockRejectedValueOnce(new WrongExpectedVersionError(undefined, { streamName: 'user-1', expected: 'no_stream', current: 4n }));
    const taken = await store.append('user-1', [event], { expectedRevision: 'no_stream', ...meta }).catch((e: unknown) => e);
    expect((taken as WrongExpectedRevisionError).actual).toBe(4);
    expect((taken as WrongExpectedRevisionError).expected).toBe('no_stream');
  });

  it('reads a missing stream as empty', async () => {
    const store = openEsdbEventStore({ connectionString: 'esdb://localhost:2113?tls=false' });
    fake.readStream.mockReturnValue(
      Readable.from(
        (async function* () {
          yield* [];
          throw new StreamNotFoundError(undefined, 'user-404');
        })(),
      ),
    );
    expect(await store.readStream('user-404')).toEqual([]);
  });

  it('reads all after a position: from {p, p}, without the event at p, system events or unknown types', async () => {
    const store = openEsdbEventStore({ connectionString: 'esdb://localhost:2113?tls=false' });
    fake.readAll.mockReturnValue(
      streamingRead([
        recorded(100n, 'UserUpgradedToPremium.v1'),
        recorded(120n, '$statsCollected', '$stats-127.0.0.1:2113'),
        recorded(130n, 'UserRegistered.v1', 'user-2', { userId: '2', name: 'N', email: 'n@example.test' }),
        recorded(140n, 'SomethingRetired.v1'),
        recorded(150n, 'UserUpgradedToPremium.v1', '$internal'),
      ]),
    );

    const events = await drain(store.readAll({ after: 100n }));

    expect(fake.readAll.mock.calls[0]![0]).toMatchObject({ fromPosition: { commit: 100n, prepare: 100n }, direction: 'forwards' });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'UserRegistered',
      streamId: 'user-2',
      position: 130n,
      revision: 0,
      schemaVersion: 1,
      actor: meta.actor,
      correlationId: 'corr-1',
      causationId: null,
      occurredAt: storedMeta.occurredAt,
    });
  });

  it('subscribes without system events and stops when the signal aborts, though the gRPC stream never ends', async () => {
    const store = openEsdbEventStore({ connectionString: 'esdb://localhost:2113?tls=false' });
    const live = Object.assign(new PassThrough({ objectMode: true }), { unsubscribe: vi.fn(async () => {}) });
    fake.subscribeToAll.mockReturnValue(live);
    const controller = new AbortController();
    const seen: EventEnvelope[] = [];
    const subscription = (async () => {
      for await (const event of store.subscribeToAll({ after: 10n, signal: controller.signal })) seen.push(event);
    })();

    live.write(recorded(10n, 'UserUpgradedToPremium.v1'));
    live.write(recorded(20n, 'UserUpgradedToPremium.v1'));
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    controller.abort();
    await subscription;

    expect(seen[0]?.position).toBe(20n);
    const options = fake.subscribeToAll.mock.calls[0]![0];
    expect(options.fromPosition).toEqual({ commit: 10n, prepare: 10n });
    expect(options.filter.filterOn).toBe('eventType');
    expect(live.unsubscribe).toHaveBeenCalled();
  });

  it('reports as head the newest event it would deliver', async () => {
    const store = openEsdbEventStore({ connectionString: 'esdb://localhost:2113?tls=false' });
    fake.readAll.mockReturnValueOnce(
      streamingRead([recorded(300n, '$statsCollected', '$stats-node'), recorded(250n, 'UserUpgradedToPremium.v1')]),
    );
    expect(await store.headPosition()).toBe(250n);
    fake.readAll.mockReturnValueOnce(streamingRead([recorded(300n, '$statsCollected', '$stats-node')]));
    expect(await store.headPosition()).toBeNull();
  });
});
