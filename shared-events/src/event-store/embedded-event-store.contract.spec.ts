import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { streamName } from '../events/stream-name.ts';
import { openEmbeddedEventStore } from './embedded-event-store.ts';
import { eventStoreContract } from './event-store.contract.ts';
import type { AppendResult } from './event-store.ts';
import { WrongExpectedRevisionError } from './event-store.ts';

const dir = mkdtempSync(join(tmpdir(), 'embedded-event-store-'));
const file = join(dir, 'events.sqlite');

/** Plants a row through a second connection, as an older build of the app would have written it. */
async function appendRaw(streamId: string, storedType: string, data: unknown, metadata: Record<string, unknown>): Promise<void> {
  const db = new Database(file);
  try {
    const current = db.prepare('SELECT MAX(revision) FROM events WHERE stream_id = ?').pluck().get(streamId) as number | null;
    db.prepare(
      'INSERT INTO events (stream_id, revision, type, data, metadata, event_id, occurred_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ).run(streamId, (current ?? -1) + 1, storedType, JSON.stringify(data), JSON.stringify(metadata), randomUUID(), metadata.occurredAt);
  } finally {
    db.close();
  }
}

eventStoreContract('embedded SQLite', async () => openEmbeddedEventStore({ file, pollIntervalMs: 200 }), {
  appendRaw,
  cleanup: async () => rmSync(dir, { recursive: true, force: true }),
});

describe('embedded event store durability', () => {
  const durableDir = mkdtempSync(join(tmpdir(), 'embedded-event-store-durable-'));
  afterAll(() => rmSync(durableDir, { recursive: true, force: true }));

  it('keeps every acknowledged append, and only those, after the file is closed and reopened', async () => {
    const durableFile = join(durableDir, 'events.sqlite');
    const store = openEmbeddedEventStore({ file: durableFile });
    const meta = { actor: { userId: 'teacher-1' }, correlationId: randomUUID(), causationId: null };
    const userIds = Array.from({ length: 32 }, () => randomUUID());

    // 32 concurrent clients, as in the write benchmark, plus one loser per stream.
    const attempts = await Promise.allSettled(
      userIds.flatMap((userId) => [
        store.append(streamName('user', userId), [{ type: 'UserRegistered', data: { userId, name: 'T', email: 't@example.test' } }], {
          expectedRevision: 'no_stream',
          ...meta,
        }),
        store.append(streamName('user', userId), [{ type: 'UserUpgradedToPremium', data: { userId } }], {
          expectedRevision: 'no_stream',
          ...meta,
        }),
      ]),
    );
    const acknowledged = attempts.filter((a): a is PromiseFulfilledResult<AppendResult> => a.status === 'fulfilled');
    const refused = attempts.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
    expect(acknowledged).toHaveLength(32);
    expect(refused.every((r) => r.reason instanceof WrongExpectedRevisionError)).toBe(true);
    await store.close();

    const reopened = openEmbeddedEventStore({ file: durableFile });
    try {
      const all = [];
      for await (const event of reopened.readAll()) all.push(event);
      expect(all.map((e) => e.position)).toEqual(acknowledged.map((a) => a.value.position).sort((x, y) => (x < y ? -1 : 1)));
      expect(new Set(all.map((e) => e.streamId))).toEqual(new Set(userIds.map((id) => streamName('user', id))));
      expect(await reopened.headPosition()).toBe(all[all.length - 1]!.position);
    } finally {
      await reopened.close();
    }

    // WAL is a property of the file; check it stuck.
    const raw = new Database(durableFile, { readonly: true });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    raw.close();
  });

  it('refuses appends after close instead of losing them silently', async () => {
    const store = openEmbeddedEventStore({ file: join(durableDir, 'closed.sqlite') });
    await store.close();
    await expect(
      store.append(streamName('user', 'x'), [{ type: 'UserUpgradedToPremium', data: { userId: 'x' } }], {
        expectedRevision: 'any',
        actor: { userId: 'teacher-1' },
        correlationId: 'c',
        causationId: null,
      }),
    ).rejects.toThrow('closed');
  });
});

describe('embedded event store with two processes on one file', () => {
  const sharedDir = mkdtempSync(join(tmpdir(), 'embedded-event-store-shared-'));
  afterAll(() => rmSync(sharedDir, { recursive: true, force: true }));

  it('delivers every event to a live subscription, in log order, when another process appends between this one’s appends', async () => {
    const sharedFile = join(sharedDir, 'events.sqlite');
    const here = openEmbeddedEventStore({ file: sharedFile, pollIntervalMs: 20 });
    const there = openEmbeddedEventStore({ file: sharedFile, pollIntervalMs: 20 });
    const meta = { actor: { userId: 'teacher-1' }, correlationId: randomUUID(), causationId: null };
    const upgrade = (store: typeof here, userId: string) =>
      store.append(streamName('user', userId), [{ type: 'UserUpgradedToPremium', data: { userId } }], { expectedRevision: 'any', ...meta });
    const aborted = new AbortController();
    const seen: string[] = [];
    const subscribed = (async () => {
      for await (const event of here.subscribeToAll({ signal: aborted.signal })) {
        seen.push(event.streamId);
        if (seen.length === 12) aborted.abort();
      }
    })();
    try {
      const written: string[] = [];
      for (let i = 0; i < 6; i++) {
        // This process, then the other one, then this one again: its second append follows a foreign row.
        for (const store of [here, there]) {
          const userId = randomUUID();
          await upgrade(store, userId);
          written.push(streamName('user', userId));
        }
      }
      await subscribed;
      expect(seen).toEqual(written);
    } finally {
      aborted.abort();
      await here.close();
      await there.close();
    }
  });
  it('wakes a waiting subscription when another process commits, without waiting for the fallback poll', async () => {
    const sharedFile = join(sharedDir, 'foreign.sqlite');
    // A fallback poll far longer than the test's timeout: only the data_version watch can deliver in time.
    const here = openEmbeddedEventStore({ file: sharedFile, pollIntervalMs: 10 * 60_000 });
    const there = openEmbeddedEventStore({ file: sharedFile, pollIntervalMs: 10 * 60_000 });
    const aborted = new AbortController();
    const userId = randomUUID();
    try {
      const received = (async () => {
        for await (const event of here.subscribeToAll({ signal: aborted.signal })) return event.streamId;
        return null;
      })();
      // Let the subscription reach its wait on an empty log first.
      await new Promise((resolve) => setTimeout(resolve, 100));
      await there.append(streamName('user', userId), [{ type: 'UserUpgradedToPremium', data: { userId } }], {
        expectedRevision: 'any',
        actor: { userId: 'teacher-1' },
        correlationId: randomUUID(),
        causationId: null,
      });
      expect(await received).toBe(streamName('user', userId));
    } finally {
      aborted.abort();
      await here.close();
      await there.close();
    }
  });
  it('wakes a subscription caught up with its own appends when another process commits after them, without the fallback poll', async () => {
    const sharedFile = join(sharedDir, 'own-then-foreign.sqlite');
    // Its own rows reach the subscription from memory; only the data_version watch can say that the file has more.
    const here = openEmbeddedEventStore({ file: sharedFile, pollIntervalMs: 10 * 60_000 });
    const there = openEmbeddedEventStore({ file: sharedFile, pollIntervalMs: 10 * 60_000 });
    const meta = { actor: { userId: 'teacher-1' }, correlationId: randomUUID(), causationId: null };
    const upgrade = (store: typeof here, userId: string) =>
      store.append(streamName('user', userId), [{ type: 'UserUpgradedToPremium', data: { userId } }], { expectedRevision: 'any', ...meta });
    const aborted = new AbortController();
    const seen: string[] = [];
    let ownSeen!: () => void;
    const ownArrived = new Promise<void>((resolve) => (ownSeen = resolve));
    const [ownId, foreignId] = [randomUUID(), randomUUID()];
    try {
      const received = (async () => {
        for await (const event of here.subscribeToAll({ signal: aborted.signal })) {
          seen.push(event.streamId);
          if (seen.length === 1) ownSeen();
          if (seen.length === 2) return;
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 100));
      await upgrade(here, ownId);
      await ownArrived;
      await upgrade(there, foreignId);
      await received;
      expect(seen).toEqual([streamName('user', ownId), streamName('user', foreignId)]);
    } finally {
      aborted.abort();
      await here.close();
      await there.close();
    }
  });
});

describe('embedded event store: an append of no events', () => {
  const emptyDir = mkdtempSync(join(tmpdir(), 'embedded-event-store-empty-'));
  afterAll(() => rmSync(emptyDir, { recursive: true, force: true }));

  it("answers with the stream's revision and the position of its last event, not another stream's", async () => {
    const store = openEmbeddedEventStore({ file: join(emptyDir, 'events.sqlite') });
    const meta = { actor: { userId: 'teacher-1' }, correlationId: randomUUID(), causationId: null };
    const [a, b] = [randomUUID(), randomUUID()];
    try {
      const upgrade = (userId: string) => ({ type: 'UserUpgradedToPremium' as const, data: { userId } });
      const last = await store.append(streamName('user', a), [upgrade(a), upgrade(a), upgrade(a)], { expectedRevision: 'no_stream', ...meta });
      await store.append(streamName('user', b), [upgrade(b)], { expectedRevision: 'no_stream', ...meta });
      const nothing = await store.append(streamName('user', a), [], { expectedRevision: 2, ...meta });
      expect(nothing).toEqual({ nextRevision: 2, position: last.position });
    } finally {
      await store.close();
    }
  });
});
