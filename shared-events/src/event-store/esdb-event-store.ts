import { randomUUID } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
} from '@eventstore/db-client';
import type { AllStreamResolvedEvent, AppendExpectedRevision, JSONType, ReadPosition, ResolvedEvent } from '@eventstore/db-client';
import type { EventEnvelope, Position } from '../events/envelope.ts';
import { SYSTEM_ACTOR, storedMetadataSchema } from '../events/envelope.ts';
import { decodeEvent, encodeEvent, isKnownEventType } from '../events/registry.ts';
import type { EventStore, ExpectedRevision } from './event-store.ts';
import { WrongExpectedRevisionError } from './event-store.ts';

/** What EventStoreDB reports as the position of an event read from its stream index on servers before 22.6. */
const NO_POSITION = 18446744073709551615n;
/** Our stand-in when the server does not tell us an event's position. */
const UNKNOWN_POSITION = -1n;

function toEsdbExpected(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'any') return ANY;
  return BigInt(expected);
}

/**
 * In EventStoreDB 20+ every event's commit position equals its prepare position, and reading
 * $all forwards from {commit: p, prepare: p} starts AT the event at p. So our single bigint is the
 * commit position, and "after p" means: read from {p, p} and drop what is not beyond p.
 */
const readPositionAfter = (after: Position | null | undefined): ReadPosition =>
  after === null || after === undefined ? START : { commit: after, prepare: after };

/** Upcasts one resolved event; null for system events, non-JSON events and types this build does not know. */
function toEnvelope(resolved: ResolvedEvent | AllStreamResolvedEvent): EventEnvelope | null {
  const event = resolved.event;
  if (!event || !event.isJson) return null;
  if (event.type.startsWith('$') || event.streamId.startsWith('$')) return null;
  if (!isKnownEventType(event.type)) return null;
  const decoded = decodeEvent(event.type, event.data);
  const stored = storedMetadataSchema.safeParse(event.metadata);
  // Events written by other tools lack our metadata; they are attributed to the system.
  const metadata = stored.success
    ? stored.data
    : { actor: SYSTEM_ACTOR, correlationId: event.id, causationId: null, occurredAt: event.created.toISOString() };
  const commit = event.position?.commit ?? resolved.commitPosition;
  return {
    eventId: event.id,
    type: decoded.type,
    data: decoded.data,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: commit === undefined || commit === NO_POSITION ? UNKNOWN_POSITION : commit,
    occurredAt: metadata.occurredAt,
    actor: metadata.actor,
    correlationId: metadata.correlationId,
    causationId: metadata.causationId,
    schemaVersion: decoded.schemaVersion,
  };
}

/**
 * Yields from a gRPC-backed stream until it ends or the signal aborts. Cancelling a gRPC call does
 * not reliably end the Node stream piped from it, so the wait for the next event races the signal.
 */
async function* untilAborted<T>(source: AsyncIterable<T>, signal: AbortSignal, stop: () => Promise<void>): AsyncGenerator<T> {
  let onAbort = (): void => {};
  const aborted = new Promise<'aborted'>((resolve) => {
    onAbort = () => resolve('aborted');
    signal.addEventListener('abort', onAbort, { once: true });
  });
  if (signal.aborted) onAbort();
  const iterator = source[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = iterator.next();
      const winner = await Promise.race([next, aborted]);
      if (winner === 'aborted') {
        next.catch(() => {});
        return;
      }
      if (winner.done) return;
      yield winner.value;
    }
  } catch (error) {
    if (signal.aborted) return;
    throw error;
  } finally {
    signal.removeEventListener('abort', onAbort);
    await stop();
  }
}

/** The EventStoreDB adapter: a thin mapping of the EventStore interface onto @eventstore/db-client. */
export function openEsdbEventStore(options: { connectionString: string }): EventStore {
  const client = EventStoreDBClient.connectionString(options.connectionString);
  const closing = new AbortController();

  return {
    async append(streamId, events, { expectedRevision, actor, correlationId, causationId }) {
      const metadata = storedMetadataSchema.parse({ actor, correlationId, causationId, occurredAt: new Date().toISOString() });
      const proposed = events.map((event) => {
        const { storedType, data } = encodeEvent(event);
        return jsonEvent({ id: randomUUID(), type: storedType, data: data as JSONType, metadata });
      });
      try {
        const result = await client.appendToStream(streamId, proposed, { expectedRevision: toEsdbExpected(expectedRevision) });
        return { nextRevision: Number(result.nextExpectedRevision), position: result.position?.commit ?? UNKNOWN_POSITION };
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) {
          const actual = typeof error.actualVersion === 'bigint' ? Number(error.actualVersion) : -1;
          throw new WrongExpectedRevisionError(streamId, expectedRevision, actual);
        }
        throw error;
      }
    },

    async readStream(streamId) {
      const envelopes: EventEnvelope[] = [];
      try {
        for await (const resolved of client.readStream(streamId, { direction: FORWARDS, fromRevision: START })) {
          const envelope = toEnvelope(resolved);
          if (envelope) envelopes.push(envelope);
        }
      } catch (error) {
        if (error instanceof StreamNotFoundError) return [];
        throw error;
      }
      return envelopes;
    },

    async *readAll(readOptions = {}) {
      const after = readOptions.after ?? null;
      // One streaming read: gRPC flow control already pages it, so batchSize is not needed here.
      const read = client.readAll({ direction: FORWARDS, fromPosition: readPositionAfter(after) });
      try {
        for await (const resolved of read) {
          const envelope = toEnvelope(resolved);
          if (!envelope || (after !== null && envelope.position <= after)) continue;
          yield envelope;
        }
      } finally {
        // A consumer that stops early must not leave the gRPC call streaming.
        await read.cancel().catch(() => {});
      }
    },

    async *subscribeToAll(subscribeOptions = {}) {
      const after = subscribeOptions.after ?? null;
      const signal = subscribeOptions.signal ? AbortSignal.any([subscribeOptions.signal, closing.signal]) : closing.signal;
      if (signal.aborted) return;
      const subscription = client.subscribeToAll({ fromPosition: readPositionAfter(after), filter: excludeSystemEvents() });
      const stop = async (): Promise<void> => {
        await subscription.unsubscribe().catch(() => {});
        subscription.destroy();
      };
      for await (const resolved of untilAborted(subscription, signal, stop)) {
        const envelope = toEnvelope(resolved);
        if (!envelope || (after !== null && envelope.position <= after)) continue;
        yield envelope;
      }
    },

    async headPosition() {
      // The newest event we would deliver, so "caught up" compares like with like (no $stats events).
      const backwards = client.readAll({ direction: BACKWARDS, fromPosition: END });
      try {
        for await (const resolved of backwards) {
          const envelope = toEnvelope(resolved);
          if (envelope) return envelope.position;
        }
        return null;
      } finally {
        await backwards.cancel().catch(() => {});
      }
    },

    async ping() {
      for await (const resolved of client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 })) void resolved;
    },

    async close() {
      closing.abort();
      await client.dispose();
    },
  };
}
