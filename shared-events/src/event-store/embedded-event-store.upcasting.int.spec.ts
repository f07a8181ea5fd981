import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { DomainEvent } from '../events/registry.ts';
import { openEmbeddedEventStore } from './embedded-event-store.ts';

// Every real event is still at v1, so this file pretends UserRegistered has moved to v2
// (adding displayName) to prove the store upcasts old rows as it reads them.
vi.mock('../events/user-events.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../events/user-events.ts')>();
  const { z } = await import('zod');
  const { defineEvent } = await import('../events/define-event.ts');
  const UserRegistered = defineEvent(
    'UserRegistered',
    2,
    z.object({ userId: z.string(), name: z.string(), email: z.string(), displayName: z.string() }),
    { 1: (older) => ({ ...(older as { name: string }), displayName: (older as { name: string }).name.split(' ')[0] }) },
  );
  return {
    ...original,
    UserRegistered,
    USER_EVENTS: original.USER_EVENTS.map((definition) => (definition.name === 'UserRegistered' ? UserRegistered : definition)),
  };
});

describe('embedded event store upcasting', () => {
  const dir = mkdtempSync(join(tmpdir(), 'embedded-event-store-upcast-'));
  const file = join(dir, 'events.sqlite');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a v1 row as current v2 data, and writes new events as v2', async () => {
    const store = openEmbeddedEventStore({ file });
    try {
      const userId = randomUUID();
      const streamId = `user-${userId}`;
      const occurredAt = new Date().toISOString();
      const raw = new Database(file);
      raw
        .prepare('INSERT INTO events (stream_id, revision, type, data, metadata, event_id, occurred_at) VALUES (?, 0, ?, ?, ?, ?, ?)')
        .run(
          streamId,
          'UserRegistered.v1',
          JSON.stringify({ userId, name: 'Ada Lovelace', email: 'ada@example.test' }),
          JSON.stringify({ actor: { userId: 'system' }, correlationId: 'c-1', causationId: null, occurredAt }),
          randomUUID(),
          occurredAt,
        );

      const [old] = await store.readStream(streamId);
      expect(old).toMatchObject({ type: 'UserRegistered', schemaVersion: 2 });
      expect(old?.data).toEqual({ userId, name: 'Ada Lovelace', email: 'ada@example.test', displayName: 'Ada' });

      // v1's fields and the mocked v2's displayName: a DomainEvent to the compiler, which knows only v1.
      const data = { userId, name: 'Ada L', email: 'a@example.test', displayName: 'Ada' };
      const fresh: DomainEvent = { type: 'UserRegistered', data };
      await store.append(streamId, [fresh], {
        expectedRevision: 0,
        actor: { userId: 'system' },
        correlationId: 'c-2',
        causationId: null,
      });
      const types = raw.prepare('SELECT type FROM events WHERE stream_id = ? ORDER BY revision').pluck().all(streamId);
      expect(types).toEqual(['UserRegistered.v1', 'UserRegistered.v2']);
      raw.close();

      const replayed = [];
      for await (const event of store.readAll()) replayed.push(event);
      expect(replayed.map((e) => e.schemaVersion)).toEqual([2, 2]);
      expect(replayed.map((e) => (e.data as { displayName: string }).displayName)).toEqual(['Ada', 'Ada']);
    } finally {
      await store.close();
    }
  });
});
