import { afterEach, describe, expect, it } from 'vitest';
import type { SubjectKeyStore } from './subject-key-store.ts';

export interface SubjectKeyStoreFixture {
  /** Another store on the same keys, as another process (another node) opens them. */
  open(): Promise<SubjectKeyStore>;
  /** The key as stored, read past the store (another connection), or undefined when there is no row. */
  storedKey(subjectId: string): Promise<Buffer | null | undefined>;
  dispose(): Promise<void>;
}

/** The behaviour every SubjectKeyStore shares. `fresh` gives stores over empty, shared keys. */
export function describeSubjectKeyStoreContract(name: string, fresh: () => Promise<SubjectKeyStoreFixture>): void {
  describe(`SubjectKeyStore contract: ${name}`, () => {
    let fixture: SubjectKeyStoreFixture | null = null;
    afterEach(async () => {
      await fixture?.dispose();
      fixture = null;
    });

    it('gives two stores that create the same subject key at once the same key, and each subject its own', async () => {
      fixture = await fresh();
      const a = await fixture.open();
      const b = await fixture.open();
      const [fromA, fromB, other] = await Promise.all([a.keyFor('s1', { create: true }), b.keyFor('s1', { create: true }), a.keyFor('s2', { create: true })]);
      expect(fromA).toHaveLength(32);
      expect(fromB!.equals(fromA!)).toBe(true);
      expect(other!.equals(fromA!)).toBe(false);
      await a.close();
      await b.close();
      // What was answered is what was stored: a store opened afresh reads the same key.
      const reopened = await fixture.open();
      expect((await reopened.keyFor('s1', { create: false }))!.equals(fromA!)).toBe(true);
      expect(await reopened.keyFor('never', { create: false })).toBeNull();
      const many = await reopened.keysFor!(['s1', 's2', 'never']);
      expect([...many.keys()].sort()).toEqual(['s1', 's2']);

      await reopened.destroy('s1');
      await reopened.destroy('s1');
      expect(await reopened.keyFor('s1', { create: true })).toBeNull();
      expect((await reopened.keysFor!(['s1'])).get('s1')).toBeNull();
      expect(await fixture.storedKey('s1')).toBeNull();
      await reopened.close();
    });

    it('hands out new subject ids whose keys are already stored, never the same id twice', async () => {
      fixture = await fresh();
      const store = await fixture.open();
      // More than one batch made ahead, asked for all at once.
      const ids = await Promise.all(Array.from({ length: 300 }, () => store.newSubjectId!()));
      expect(new Set(ids).size).toBe(300);
      // Another connection already reads each key: it was committed before the id was handed out.
      for (const id of ids.slice(0, 20)) expect(await fixture.storedKey(id)).toHaveLength(32);
      const first = ids[0]!;
      expect((await store.keyFor(first, { create: true }))!.equals((await fixture.storedKey(first))!)).toBe(true);

      // Destroyed before its first use, it stays destroyed.
      const second = ids[1]!;
      await store.destroy(second);
      expect(await store.keyFor(second, { create: true })).toBeNull();
      await store.close();
    });
  });
}
