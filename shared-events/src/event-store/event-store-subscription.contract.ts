import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../events/envelope.ts';
import type { EventStore } from './event-store.ts';
import { metadata, newUserStream, registered, upgraded, waitFor } from './event-store-contract-fixtures.ts';

/**
 * The EventStore contract's live part: catching up and going live without a gap or a repeat, pages that keep a
 * commit whole, and the end of a subscription. `store` is the suite's shared store, opened in its beforeAll.
 */
export function subscribeToAllContract(name: string, store: () => EventStore, open: () => Promise<EventStore>): void {
  describe('subscribeToAll', () => {
    it('catches up, then receives live appends, and ends when the signal aborts', async () => {
      const { userId, streamId } = newUserStream();
      const start = await store().headPosition();
      await store().append(streamId, [registered(userId)], { expectedRevision: 'no_stream', ...metadata() });

      const controller = new AbortController();
      const seen: EventEnvelope[] = [];
      const subscription = (async () => {
        for await (const event of store().subscribeToAll({ after: start, signal: controller.signal })) {
          if (event.streamId === streamId) seen.push(event);
        }
      })();

      await waitFor(() => seen.length === 1, 'the caught-up event');
      await store().append(streamId, [upgraded(userId)], { expectedRevision: 0, ...metadata() });
      await waitFor(() => seen.length === 2, 'the live event');
      expect(seen.map((e) => e.type)).toEqual(['UserRegistered', 'UserUpgradedToPremium']);

      controller.abort();
      await expect(subscription).resolves.toBeUndefined();
    });

    it('delivers appends racing with the switch to live exactly once, in order', async () => {
      const writers = Array.from({ length: 5 }, newUserStream);
      const streams = new Set(writers.map((w) => w.streamId));
      const start = await store().headPosition();
      const controller = new AbortController();
      const seen: EventEnvelope[] = [];
      const subscription = (async () => {
        for await (const event of store().subscribeToAll({ after: start, signal: controller.signal })) {
          if (streams.has(event.streamId)) seen.push(event);
        }
      })();

      // Each writer appends 6 events one after another, all writers at once, while the subscription starts.
      await Promise.all(
        writers.map(async ({ userId, streamId }) => {
          await store().append(streamId, [registered(userId)], { expectedRevision: 'no_stream', ...metadata() });
          for (let revision = 0; revision < 5; revision++) {
            await store().append(streamId, [upgraded(userId)], { expectedRevision: revision, ...metadata() });
            if (revision % 2 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
          }
        }),
      );

      await waitFor(() => seen.length >= 30, 'all 30 events');
      await new Promise((resolve) => setTimeout(resolve, 100));
      controller.abort();
      await subscription;

      expect(seen).toHaveLength(30);
      expect(new Set(seen.map((e) => e.eventId)).size).toBe(30);
      const positions = seen.map((e) => e.position);
      expect([...positions].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))).toEqual(positions);
    });

    it('in pages (where the store has them): a commit arrives whole, without waiting for the next, and the pages end on abort', async (context) => {
      if (!store().subscribeToAllPages) {
        console.warn(`${name}: subscribeToAllPages skipped: this store has no live pages (readers batch subscribeToAll)`);
        context.skip();
      }
      const { userId, streamId } = newUserStream();
      const start = await store().headPosition();
      await store().append(streamId, [registered(userId)], { expectedRevision: 'no_stream', ...metadata() });

      const controller = new AbortController();
      const pages: EventEnvelope[][] = [];
      const subscription = (async () => {
        for await (const page of store().subscribeToAllPages!({ after: start, signal: controller.signal, maxPage: 2 })) {
          pages.push(page.filter((e) => e.streamId === streamId));
        }
      })();
      await waitFor(() => pages.flat().length === 1, 'the caught-up event');
      // Three events in one commit, more than one page holds: two pages, straight after each other.
      await store().append(streamId, [upgraded(userId), upgraded(userId), upgraded(userId)], { expectedRevision: 0, ...metadata() });
      await waitFor(() => pages.flat().length === 4, 'the live commit');
      expect(pages.filter((page) => page.length > 0).map((page) => page.length)).toEqual([1, 2, 1]);
      expect(pages.flat().map((e) => e.revision)).toEqual([0, 1, 2, 3]);

      controller.abort();
      await expect(subscription).resolves.toBeUndefined();
    });

    it('ends when the store is closed', async () => {
      const own = await open();
      const controller = new AbortController();
      let ended = false;
      const subscription = (async () => {
        for await (const event of own.subscribeToAll({ signal: controller.signal })) void event;
        ended = true;
      })();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await own.close();
      await subscription;
      expect(ended).toBe(true);
    });
  });
}
