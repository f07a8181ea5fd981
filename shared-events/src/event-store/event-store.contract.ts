import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../events/envelope.ts';
import type { DomainEvent } from '../events/registry.ts';
import type { EventStore } from './event-store.ts';
import { WrongExpectedRevisionError } from './event-store.ts';
import { readPagesOf } from './read-pages.ts';
import { collect, conflictOf, metadata, newUserStream, registered, upgraded, UUID } from './event-store-contract-fixtures.ts';
import { subscribeToAllContract } from './event-store-subscription.contract.ts';

/** Writes a row the way an older (or newer) build would have: a stored type name and raw data. */
export type AppendRawEvent = (streamId: string, storedType: string, data: unknown, metadata: Record<string, unknown>) => Promise<void>;

export interface EventStoreContractOptions {
  /** Runs after the shared store is closed, e.g. to delete its files. */
  cleanup?: () => Promise<void>;
  /** Lets the suite plant stored events this build did not write; tests that need it are skipped without it. */
  appendRaw?: AppendRawEvent;
}

/**
 * The behaviour every EventStore must share. Each test writes to its own fresh streams, so the
 * suite can run against a store that already holds other data (a shared EventStoreDB).
 */
export function eventStoreContract(name: string, open: () => Promise<EventStore>, options: EventStoreContractOptions = {}): void {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;

    beforeAll(async () => {
      store = await open();
    });

    afterAll(async () => {
      await store?.close();
      await options.cleanup?.();
    });

    describe('append and readStream', () => {
      it('returns every appended event in a full envelope, in order', async () => {
        const { userId, streamId } = newUserStream();
        const first = metadata();
        const second = metadata({ causationId: randomUUID(), actor: { userId: 'teacher-2' } });
        const before = Date.now();

        const a = await store.append(streamId, [registered(userId)], { expectedRevision: 'no_stream', ...first });
        const b = await store.append(streamId, [upgraded(userId), upgraded(userId)], { expectedRevision: 0, ...second });
        const events = await store.readStream(streamId);

        expect(a.nextRevision).toBe(0);
        expect(b.nextRevision).toBe(2);
        expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'UserUpgradedToPremium', 'UserUpgradedToPremium']);
        expect(events.map((e) => e.revision)).toEqual([0, 1, 2]);
        expect(events.map((e) => e.streamId)).toEqual([streamId, streamId, streamId]);
        expect(events[0]!.data).toEqual(registered(userId).data);
        expect(events[1]!.data).toEqual({ userId });

        for (const event of events) {
          expect(event.eventId).toMatch(UUID);
          expect(typeof event.position).toBe('bigint');
          expect(event.schemaVersion).toBe(1);
          expect(Date.parse(event.occurredAt)).toBeGreaterThanOrEqual(before - 1_000);
          expect(Date.parse(event.occurredAt)).toBeLessThanOrEqual(Date.now() + 1_000);
        }
        expect(new Set(events.map((e) => e.eventId)).size).toBe(3);
        expect(events[0]!.position).toBeLessThan(events[1]!.position);
        expect(events[1]!.position).toBeLessThan(events[2]!.position);
        expect(a.position).toBe(events[0]!.position);
        expect(b.position).toBe(events[2]!.position);

        expect(events[0]).toMatchObject({ actor: first.actor, correlationId: first.correlationId, causationId: null });
        expect(events[2]).toMatchObject({
          actor: second.actor,
          correlationId: second.correlationId,
          causationId: second.causationId,
        });
      });

      it('reads a stream that does not exist as an empty array', async () => {
        expect(await store.readStream(newUserStream().streamId)).toEqual([]);
      });

      it('rejects data that does not match the event schema', async () => {
        const { streamId } = newUserStream();
        // @ts-expect-error: the data breaks the event's schema on purpose, as a client's bug would
        const bad: DomainEvent = { type: 'UserRegistered', data: { userId: 42 } };
        await expect(store.append(streamId, [bad], { expectedRevision: 'any', ...metadata() })).rejects.toThrow();
        expect(await store.readStream(streamId)).toEqual([]);
      });
    });

    describe('expected revision', () => {
      it("'no_stream' succeeds once, then conflicts with the stream's actual revision", async () => {
        const { userId, streamId } = newUserStream();
        await store.append(streamId, [registered(userId)], { expectedRevision: 'no_stream', ...metadata() });

        const conflict = await conflictOf(
          store.append(streamId, [registered(userId)], { expectedRevision: 'no_stream', ...metadata() }),
        );
        expect(conflict.expected).toBe('no_stream');
        expect(conflict.actual).toBe(0);
        expect(conflict.message).not.toContain(userId);
        expect(await store.readStream(streamId)).toHaveLength(1);
      });

      it('a number must equal the revision of the last event', async () => {
        const { userId, streamId } = newUserStream();
        await store.append(streamId, [registered(userId)], { expectedRevision: 'no_stream', ...metadata() });
        const next = await store.append(streamId, [upgraded(userId)], { expectedRevision: 0, ...metadata() });
        expect(next.nextRevision).toBe(1);

        const stale = await conflictOf(store.append(streamId, [upgraded(userId)], { expectedRevision: 0, ...metadata() }));
        expect(stale.expected).toBe(0);
        expect(stale.actual).toBe(1);
        expect(await store.readStream(streamId)).toHaveLength(2);
      });

      it('a number on a missing stream conflicts with actual -1', async () => {
        const { userId, streamId } = newUserStream();
        const missing = await conflictOf(store.append(streamId, [registered(userId)], { expectedRevision: 3, ...metadata() }));
        expect(missing.actual).toBe(-1);
        expect(await store.readStream(streamId)).toEqual([]);
      });

      it("'any' appends to a new stream and to an existing one", async () => {
        const { userId, streamId } = newUserStream();
        const created = await store.append(streamId, [registered(userId)], { expectedRevision: 'any', ...metadata() });
        const extended = await store.append(streamId, [upgraded(userId)], { expectedRevision: 'any', ...metadata() });
        expect(created.nextRevision).toBe(0);
        expect(extended.nextRevision).toBe(1);
        expect((await store.readStream(streamId)).map((e) => e.revision)).toEqual([0, 1]);
      });

      it('of concurrent appends with the same expected revision exactly one wins', async () => {
        const { userId, streamId } = newUserStream();
        await store.append(streamId, [registered(userId)], { expectedRevision: 'no_stream', ...metadata() });

        const attempts = await Promise.allSettled(
          Array.from({ length: 8 }, () => store.append(streamId, [upgraded(userId)], { expectedRevision: 0, ...metadata() })),
        );
        const won = attempts.filter((a) => a.status === 'fulfilled');
        const lost = attempts.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(7);
        for (const loss of lost) {
          expect(loss.reason).toBeInstanceOf(WrongExpectedRevisionError);
          expect((loss.reason as WrongExpectedRevisionError).actual).toBe(1);
        }
        expect(await store.readStream(streamId)).toHaveLength(2);
      });

      it('a conflicting append does not sink concurrent appends to other streams', async () => {
        const { userId, streamId } = newUserStream();
        await store.append(streamId, [registered(userId)], { expectedRevision: 'no_stream', ...metadata() });
        const others = Array.from({ length: 6 }, newUserStream);

        const [conflict, ...rest] = await Promise.allSettled([
          store.append(streamId, [registered(userId)], { expectedRevision: 'no_stream', ...metadata() }),
          ...others.map((o) => store.append(o.streamId, [registered(o.userId)], { expectedRevision: 'no_stream', ...metadata() })),
        ]);
        expect(conflict?.status).toBe('rejected');
        expect(rest.every((r) => r.status === 'fulfilled')).toBe(true);
        for (const other of others) expect(await store.readStream(other.streamId)).toHaveLength(1);
      });
    });

    describe('readAll', () => {
      it('reads the events after a position, exclusively, in log order', async () => {
        const { userId, streamId } = newUserStream();
        const start = await store.headPosition();
        await store.append(streamId, [registered(userId)], { expectedRevision: 'no_stream', ...metadata() });
        await store.append(streamId, [upgraded(userId), upgraded(userId)], { expectedRevision: 0, ...metadata() });
        const streams = new Set([streamId]);

        const all = await collect(store.readAll({ after: start }), streams);
        expect(all.map((e) => e.revision)).toEqual([0, 1, 2]);
        if (start !== null) for (const event of all) expect(event.position).toBeGreaterThan(start);

        const afterFirst = await collect(store.readAll({ after: all[0]!.position }), streams);
        expect(afterFirst.map((e) => e.revision)).toEqual([1, 2]);

        const paged = await collect(store.readAll({ after: start, batchSize: 1 }), streams);
        expect(paged.map((e) => e.eventId)).toEqual(all.map((e) => e.eventId));

        const head = await store.headPosition();
        expect(head).not.toBeNull();
        expect(head! >= all[2]!.position).toBe(true);
      });

      it('hands over the same events in pages of at most the batch size (readPagesOf: the store\'s own pages, or readAll paged)', async () => {
        const { userId, streamId } = newUserStream();
        const start = await store.headPosition();
        await store.append(streamId, [registered(userId), upgraded(userId), upgraded(userId)], { expectedRevision: 'no_stream', ...metadata() });
        await store.append(streamId, [upgraded(userId), upgraded(userId)], { expectedRevision: 2, ...metadata() });
        const mine = (events: readonly EventEnvelope[]) => events.filter((event) => event.streamId === streamId);

        const pages: EventEnvelope[][] = [];
        for await (const page of readPagesOf(store, { after: start, batchSize: 2 })) pages.push(page);
        expect(pages.every((page) => page.length >= 1 && page.length <= 2)).toBe(true);
        expect(mine(pages.flat()).map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
        expect(mine(pages.flat())).toEqual(await collect(store.readAll({ after: start }), new Set([streamId])));
      });

      it('reads from the start when no position is given', async () => {
        const { userId, streamId } = newUserStream();
        await store.append(streamId, [registered(userId)], { expectedRevision: 'no_stream', ...metadata() });
        const found = await collect(store.readAll(), new Set([streamId]));
        expect(found).toHaveLength(1);
      });
    });

    subscribeToAllContract(name, () => store, open);

    describe('stored types', () => {
      const rawOnly = options.appendRaw ? it : it.skip;
      if (!options.appendRaw) console.warn(`${name}: stored-type tests skipped: this store cannot plant raw events`);

      rawOnly('skips event types this build does not know', async () => {
        const { userId, streamId } = newUserStream();
        const start = await store.headPosition();
        await store.append(streamId, [registered(userId)], { expectedRevision: 'no_stream', ...metadata() });
        const planted = { actor: { userId: 'system' }, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
        await options.appendRaw!(streamId, 'UserBecameWizard.v1', { userId }, planted);
        await store.append(streamId, [upgraded(userId)], { expectedRevision: 'any', ...metadata() });

        const read = await store.readStream(streamId);
        expect(read.map((e) => e.type)).toEqual(['UserRegistered', 'UserUpgradedToPremium']);
        const all = await collect(store.readAll({ after: start }), new Set([streamId]));
        expect(all.map((e) => e.type)).toEqual(['UserRegistered', 'UserUpgradedToPremium']);
      });

      rawOnly('reads an unversioned legacy type name as version 1', async () => {
        const { userId, streamId } = newUserStream();
        const occurredAt = new Date().toISOString();
        const planted = { actor: { userId: 'teacher-9' }, correlationId: randomUUID(), causationId: null, occurredAt };
        await options.appendRaw!(streamId, 'UserUpgradedToPremium', { userId }, planted);

        const [event] = await store.readStream(streamId);
        expect(event).toMatchObject({ type: 'UserUpgradedToPremium', data: { userId }, schemaVersion: 1, revision: 0 });
        expect(event?.actor).toEqual({ userId: 'teacher-9' });
        expect(event?.occurredAt).toBe(occurredAt);
      });
    });
  });
}
