import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEmbeddedReadStore } from '../store/embedded-read-store.ts';
import type { BuildRef, Doc, ReadStore, Write } from '../store/read-store.ts';
import { BatchOverlay } from './batch-overlay.ts';
import { BuildMemo } from './build-memo.ts';

interface Row extends Doc {
  n: number;
}

describe('BuildMemo', () => {
  let store: ReadStore;
  const build: BuildRef = { projection: 'p', version: 1, build: 'b' };
  let position = 0n;

  /** One batch as a replay runs it: overlay, commit, then the memo learns the writes. */
  async function batch(memo: BuildMemo, apply: (overlay: BatchOverlay) => Promise<void>): Promise<void> {
    const overlay = new BatchOverlay(store, build, memo);
    await apply(overlay);
    const writes: Write[] = overlay.writes();
    await store.commit(build, writes, (position += 1n));
    memo.committed(writes);
  }

  beforeEach(async () => {
    store = openEmbeddedReadStore({ file: ':memory:' });
    await store.createBuild(build, ['rows']);
  });
  afterEach(() => store.close());

  it('gives later batches what earlier ones committed, including documents it no longer holds', async () => {
    const memo = new BuildMemo(2);
    await batch(memo, async (overlay) => {
      for (const id of ['a', 'b', 'c', 'd']) overlay.put<Row>('rows', { id, n: 1 });
    });
    await batch(memo, async (overlay) => {
      overlay.delete('rows', 'd');
    });
    await batch(memo, async (overlay) => {
      // 'a' left the memo (only 2 kept): read from the store; 'c' is held; 'd' was deleted; 'z' was never written.
      for (const id of ['a', 'c']) {
        const row = await overlay.get<Row>('rows', id);
        overlay.put<Row>('rows', { id, n: (row?.n ?? 0) + 1 });
      }
      expect(await overlay.get('rows', 'd')).toBeNull();
      expect(await overlay.get('rows', 'z')).toBeNull();
    });

    const rows = await store.buildCollection<Row>(build, 'rows').find(undefined, { sort: { field: 'id', direction: 'asc' } });
    expect(rows).toEqual([
      { id: 'a', n: 2 },
      { id: 'b', n: 1 },
      { id: 'c', n: 2 },
    ]);
  });
});
