import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openEventStore } from './open-event-store.ts';

describe('openEventStore', () => {
  const root = mkdtempSync(join(tmpdir(), 'open-event-store-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('without a URL keeps events in <dataDir>/events.sqlite, creating the folder', async () => {
    const dataDir = join(root, 'nested', 'data');
    const store = await openEventStore({ dataDir });
    await store.append('user-1', [{ type: 'UserUpgradedToPremium', data: { userId: '1' } }], {
      expectedRevision: 'no_stream',
      actor: { userId: '1' },
      correlationId: 'c',
      causationId: null,
    });
    await store.close();
    expect(existsSync(join(dataDir, 'events.sqlite'))).toBe(true);

    const reopened = await openEventStore({ dataDir });
    expect((await reopened.readStream('user-1')).map((e) => e.type)).toEqual(['UserUpgradedToPremium']);
    await reopened.close();
  });

  it('with a URL uses EventStoreDB: no events file in dataDir, only the subject keys (no MongoDB given)', async () => {
    const dataDir = join(root, 'esdb-mode');
    const store = await openEventStore({ eventStoreUrl: 'esdb://127.0.0.1:2113?tls=false', dataDir });
    await store.close();
    expect(existsSync(join(dataDir, 'events.sqlite'))).toBe(false);
    expect(existsSync(join(dataDir, 'keys.sqlite'))).toBe(true);
  });
});
