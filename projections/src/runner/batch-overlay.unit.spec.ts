import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { matchesFilter } from '../store/filter-match.ts';
import { openEmbeddedReadStore } from '../store/embedded-read-store.ts';
import type { BuildRef, Doc, ReadStore } from '../store/read-store.ts';
import { BatchOverlay } from './batch-overlay.ts';

interface Row extends Doc {
  ownerId: string;
  tags: string[];
}

describe('BatchOverlay', () => {
  let store: ReadStore;
  const build: BuildRef = { projection: 'p', version: 1, build: 'b' };

  beforeEach(async () => {
    store = openEmbeddedReadStore({ file: ':memory:' });
    await store.createBuild(build, ['rows']);
    const rows: Row[] = [{ id: 'a', ownerId: 'u1', tags: ['x'] }, { id: 'b', ownerId: 'u1', tags: [] }];
    await store.commit(build, rows.map((doc) => ({ kind: 'put', collection: 'rows', doc })), 1n);
  });
  afterEach(() => store.close());

  it('lets a projection read its own pending writes, deletes included', async () => {
    const overlay = new BatchOverlay(store, build);
    overlay.put<Row>('rows', { id: 'c', ownerId: 'u1', tags: ['x'] });
    overlay.delete('rows', 'b');
    const a = await overlay.get<Row>('rows', 'a');
    a!.ownerId = 'u2';
    overlay.put('rows', a!);

    expect(await overlay.get('rows', 'b')).toBeNull();
    expect((await overlay.find<Row>('rows', { ownerId: 'u1' })).map((r) => r.id)).toEqual(['c']);
    expect((await overlay.find<Row>('rows', { tags: 'x' })).map((r) => r.id).sort()).toEqual(['a', 'c']);
    // Nothing reached the store yet.
    expect((await store.buildCollection<Row>(build, 'rows').get('a'))?.ownerId).toBe('u1');
    expect(overlay.writes().map((w) => `${w.kind}:${w.kind === 'put' ? w.doc.id : w.id}`).sort()).toEqual([
      'delete:b',
      'put:a',
      'put:c',
    ]);
  });

  it('turns reads without writes into no writes', async () => {
    const overlay = new BatchOverlay(store, build);
    await overlay.get('rows', 'a');
    await overlay.get('rows', 'missing');
    expect(overlay.writes()).toEqual([]);
  });

  it('does work put off with settle once per key, after the batch, with what that work puts off in turn', async () => {
    const overlay = new BatchOverlay(store, build);
    const done: string[] = [];
    const count = async (key: string) => {
      const row = await overlay.get<Row>('rows', 'a');
      overlay.put<Row>('rows', { ...row!, tags: [...row!.tags, key] });
      done.push(key);
    };
    await overlay.settle('a', () => count('first a'));
    await overlay.settle('b', async () => {
      await count('b');
      await overlay.settle('a', () => count('a again'));
    });
    await overlay.settle('a', () => count('second a'));
    expect(done).toEqual([]);

    await overlay.settled();
    // The first registration of a key is the one done; a key settled already may be asked for again.
    expect(done).toEqual(['first a', 'b', 'a again']);
    expect((await overlay.get<Row>('rows', 'a'))?.tags).toEqual(['x', 'first a', 'b', 'a again']);
    await overlay.settled();
    expect(done).toHaveLength(3);
  });

  it('finds what a scan of the store and the batch finds, whatever the batch put, changed in place or deleted', async () => {
    const ids = fc.constantFrom('a', 'b', 'c', 'd');
    const values = fc.constantFrom('x', 'y', 'z');
    const op = fc.oneof(
      fc.record({ kind: fc.constant('put' as const), id: ids, ownerId: fc.constantFrom('u1', 'u2'), tags: fc.array(values, { maxLength: 3 }) }),
      fc.record({ kind: fc.constant('mutate' as const), id: ids, tags: fc.array(values, { maxLength: 3 }) }),
      fc.record({ kind: fc.constant('delete' as const), id: ids }),
      fc.record({ kind: fc.constant('find' as const), field: fc.constantFrom('tags', 'ownerId'), value: fc.constantFrom('x', 'y', 'u1', 'u2') }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 30 }), async (ops) => {
        const overlay = new BatchOverlay(store, build);
        const model = new Map<string, Row>([['a', { id: 'a', ownerId: 'u1', tags: ['x'] }], ['b', { id: 'b', ownerId: 'u1', tags: [] }]]);
        for (const step of ops) {
          if (step.kind === 'put') {
            const doc = { id: step.id, ownerId: step.ownerId, tags: step.tags };
            overlay.put<Row>('rows', doc);
            model.set(step.id, structuredClone(doc));
          } else if (step.kind === 'mutate') {
            // As a projection may: change the document `get` gave, then put it.
            const doc = await overlay.get<Row>('rows', step.id);
            if (!doc) continue;
            doc.tags = step.tags;
            overlay.put('rows', doc);
            model.set(step.id, structuredClone(doc));
          } else if (step.kind === 'delete') {
            overlay.delete('rows', step.id);
            model.delete(step.id);
          } else {
            const filter = { [step.field]: step.value };
            const found = (await overlay.find<Row>('rows', filter)).map((doc) => doc.id).sort();
            expect(found).toEqual([...model.values()].filter((doc) => matchesFilter(doc, filter)).map((doc) => doc.id).sort());
          }
        }
      }),
    );
  });
});
