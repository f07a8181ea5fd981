import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BuildRef, Doc, ReadStore } from './read-store.ts';
import { BuildNotFoundError } from './build-not-found-error.ts';

/** One suite for every ReadStore implementation. `open` gives a fresh, empty store. */
export interface ReadStoreFixture {
  store: ReadStore;
  dispose(): Promise<void>;
}

interface StudentRow extends Doc {
  ownerId: string;
  firstName: string;
  grade: number;
  sharedWith: string[];
  archived: boolean;
}

const student = (id: string, ownerId: string, firstName: string, grade: number, sharedWith: string[] = []): StudentRow => ({
  id,
  ownerId,
  firstName,
  grade,
  sharedWith,
  archived: false,
});

export function describeReadStoreContract(name: string, open: () => Promise<ReadStoreFixture>): void {
  describe(`ReadStore contract: ${name}`, () => {
    let fixture: ReadStoreFixture;
    let store: ReadStore;
    const v1: BuildRef = { projection: 'students', version: 1, build: 'b1' };

    beforeEach(async () => {
      fixture = await open();
      store = fixture.store;
      await store.createBuild(v1, ['studentsByOwner', 'studentCounts']);
      await store.activate(v1);
    });
    afterEach(async () => fixture.dispose());

    it('reads back what a commit put, and forgets what it deleted', async () => {
      await store.commit(v1, [
        { kind: 'put', collection: 'studentsByOwner', doc: student('s1', 'u1', 'Ada', 3) },
        { kind: 'put', collection: 'studentsByOwner', doc: student('s2', 'u1', 'Ben', 4) },
      ], 10n);
      await store.commit(v1, [{ kind: 'delete', collection: 'studentsByOwner', id: 's2' }], 11n);
      const students = store.collection<StudentRow>('studentsByOwner');
      expect(await students.get('s1')).toEqual(student('s1', 'u1', 'Ada', 3));
      expect(await students.get('s2')).toBeNull();
      expect(await store.checkpoint(v1)).toBe(11n);
      expect((await store.activeBuild('students'))?.checkpoint).toBe(11n);
    });

    it('filters by equality, by array membership and by null, and counts the same way', async () => {
      await store.commit(v1, [
        { kind: 'put', collection: 'studentsByOwner', doc: student('s1', 'u1', 'Ada', 3, ['u2']) },
        { kind: 'put', collection: 'studentsByOwner', doc: student('s2', 'u1', 'Ben', 4, ['u2', 'u3']) },
        { kind: 'put', collection: 'studentsByOwner', doc: student('s3', 'u2', 'Cy', 3) },
        { kind: 'put', collection: 'studentsByOwner', doc: { ...student('s4', 'u9', 'Di', 5), archived: true, note: null } as Doc },
      ], 1n);
      const students = store.collection<StudentRow>('studentsByOwner');
      const ids = async (filter: Record<string, string | number | boolean | null>) =>
        (await students.find(filter)).map((s) => s.id).sort();
      expect(await ids({ ownerId: 'u1' })).toEqual(['s1', 's2']);
      expect(await ids({ sharedWith: 'u2' })).toEqual(['s1', 's2']);
      expect(await ids({ sharedWith: 'u3' })).toEqual(['s2']);
      expect(await ids({ ownerId: 'u1', grade: 3 })).toEqual(['s1']);
      expect(await ids({ grade: '3' })).toEqual([]);
      expect(await ids({ archived: true })).toEqual(['s4']);
      expect(await ids({ note: null })).toEqual(['s1', 's2', 's3', 's4']);
      expect(await students.count({ ownerId: 'u1' })).toBe(2);
      expect(await students.count()).toBe(4);

      // A document that changes keeps the filters right (the index follows it).
      await store.commit(v1, [{ kind: 'put', collection: 'studentsByOwner', doc: student('s1', 'u2', 'Ada', 3) }], 2n);
      expect(await ids({ ownerId: 'u1' })).toEqual(['s2']);
      expect(await ids({ sharedWith: 'u2' })).toEqual(['s2']);
    });

    it('sorts, skips and limits', async () => {
      const names = ['Eve', 'Ada', 'Dan', 'Ben', 'Cy'];
      await store.commit(
        v1,
        names.map((n, i) => ({ kind: 'put' as const, collection: 'studentsByOwner', doc: student(`s${i}`, 'u1', n, i) })),
        1n,
      );
      const students = store.collection<StudentRow>('studentsByOwner');
      const page = await students.find({ ownerId: 'u1' }, { sort: { field: 'firstName', direction: 'asc' }, skip: 1, limit: 2 });
      expect(page.map((s) => s.firstName)).toEqual(['Ben', 'Cy']);
      const byGradeDesc = await students.find(undefined, { sort: { field: 'grade', direction: 'desc' }, limit: 2 });
      expect(byGradeDesc.map((s) => s.firstName)).toEqual(['Cy', 'Ben']);
    });

    // How fast this is, is measured by bench/ (npm run bench), never asserted here.
    it('finds exactly one owner\'s 200 students among 20,000, sorted', async () => {
      const writes = [];
      for (let i = 0; i < 20_000; i++) {
        writes.push({ kind: 'put' as const, collection: 'studentsByOwner', doc: student(`s${i}`, `u${i % 100}`, `N${i}`, i % 12) });
      }
      await store.commit(v1, writes, 1n);
      const students = store.collection<StudentRow>('studentsByOwner');
      for (const owner of [0, 7, 99]) {
        const page = await students.find({ ownerId: `u${owner}` }, { sort: { field: 'firstName', direction: 'asc' } });
        const expected = Array.from({ length: 200 }, (_, k) => `N${owner + k * 100}`).sort();
        expect(page.map((s) => s.firstName)).toEqual(expected);
        expect(page.every((s) => s.ownerId === `u${owner}`)).toBe(true);
      }
      expect(await students.count({ ownerId: 'u42' })).toBe(200);
    });

    it('moves documents and checkpoint together: a failed commit changes neither', async () => {
      await store.commit(v1, [{ kind: 'put', collection: 'studentCounts', doc: { id: 'u1', count: 1 } as Doc }], 5n);
      await expect(
        store.commit(v1, [
          { kind: 'put', collection: 'studentCounts', doc: { id: 'u1', count: 2 } as Doc },
          { kind: 'put', collection: 'notInThisBuild', doc: { id: 'x' } },
        ], 6n),
      ).rejects.toThrow();
      expect(await store.checkpoint(v1)).toBe(5n);
      expect(await store.collection('studentCounts').get('u1')).toEqual({ id: 'u1', count: 1 });
      await expect(store.commit(v1, [], 4n)).rejects.toThrow(/backwards/);
      expect(await store.checkpoint(v1)).toBe(5n);
    });

    it('says where the documents last changed: a commit without writes moves only the checkpoint', async () => {
      expect(await store.activeBuild('students')).toMatchObject({ checkpoint: null, changedAt: null });
      await store.commit(v1, [{ kind: 'put', collection: 'studentsByOwner', doc: student('s1', 'u1', 'Ada', 3) }], 5n);
      await store.commit(v1, [], 9n);
      expect(await store.activeBuild('students')).toMatchObject({ checkpoint: 9n, changedAt: 5n, collectionsChangedAt: { studentsByOwner: 5n, studentCounts: null } });
      await store.commit(v1, [{ kind: 'put', collection: 'studentCounts', doc: { id: 'u1', count: 1 } as Doc }], 10n);
      await store.commit(v1, [{ kind: 'delete', collection: 'studentsByOwner', id: 's1' }], 12n);
      expect(await store.activeBuild('students')).toMatchObject({ checkpoint: 12n, changedAt: 12n, collectionsChangedAt: { studentsByOwner: 12n, studentCounts: 10n } });
    });

    it('keeps positions beyond 2^53 exact', async () => {
      const far = 2n ** 63n + 7n;
      await store.commit(v1, [], far);
      expect(await store.checkpoint(v1)).toBe(far);
    });

    it('serves the old build until the new one is activated, then drops the old one', async () => {
      await store.commit(v1, [{ kind: 'put', collection: 'studentsByOwner', doc: student('s1', 'u1', 'Old', 1) }], 3n);
      const v2: BuildRef = { projection: 'students', version: 2, build: 'b2' };
      await store.createBuild(v2, ['studentsByOwner', 'studentCounts']);
      await store.commit(v2, [{ kind: 'put', collection: 'studentsByOwner', doc: student('s1', 'u1', 'New', 1) }], 3n);
      const students = store.collection<StudentRow>('studentsByOwner');
      expect((await students.get('s1'))?.firstName).toBe('Old');
      expect((await store.buildCollection<StudentRow>(v2, 'studentsByOwner').get('s1'))?.firstName).toBe('New');
      expect((await store.activeBuild('students'))?.build).toBe('b1');

      await store.activate(v2);
      expect((await students.get('s1'))?.firstName).toBe('New');
      expect(await store.activeBuild('students')).toEqual({ projection: 'students', version: 2, build: 'b2', checkpoint: 3n, changedAt: 3n, collectionsChangedAt: { studentsByOwner: 3n, studentCounts: null } });
      // The replaced build is gone: nothing can commit into it any more.
      await expect(store.commit(v1, [], 4n)).rejects.toBeInstanceOf(BuildNotFoundError);
      expect(await store.checkpoint(v1)).toBeNull();
    });

    it('a bulk-loaded build reads, overwrites and deletes like any other, and after the swap takes upserts and filters', async () => {
      // A filter the serving build has grown is inherited by the new build.
      expect(await store.collection('studentsByOwner').find({ ownerId: 'u1' })).toEqual([]);
      const v2: BuildRef = { projection: 'students', version: 2, build: 'b2' };
      await store.createBuild(v2, ['studentsByOwner', 'studentCounts'], { bulkLoad: true });
      const put = (doc: StudentRow) => ({ kind: 'put' as const, collection: 'studentsByOwner', doc });
      await store.commit(v2, [put(student('s1', 'u1', 'Ada', 3)), put(student('s2', 'u1', 'Ben', 4)), put(student('s3', 'u2', 'Cy', 5))], 5n);
      await store.commit(v2, [put(student('s1', 'u1', 'Ada', 4)), { kind: 'delete', collection: 'studentsByOwner', id: 's2' }], 6n);
      const building = store.buildCollection<StudentRow>(v2, 'studentsByOwner');
      expect(await building.get('s1')).toEqual(student('s1', 'u1', 'Ada', 4));
      expect(await building.get('s2')).toBeNull();
      await store.commit(v2, [put(student('s2', 'u2', 'Ben', 6))], 7n);
      // Filters while it loads, as a projection's refresh finds a student's plans and shares during a rebuild.
      const ids = (rows: StudentRow[]) => rows.map((row) => row.id).sort();
      expect(ids(await building.find({ ownerId: 'u2' }))).toEqual(['s2', 's3']);
      expect(ids(await building.find({ ownerId: 'u2', grade: 5 }))).toEqual(['s3']);
      expect(await building.find({ ownerId: 'u3' })).toEqual([]);
      expect(await building.find({ ownerId: 'u1' })).toEqual([student('s1', 'u1', 'Ada', 4)]);
      await store.finishBuild(v2);
      await store.activate(v2);

      const students = store.collection<StudentRow>('studentsByOwner');
      expect(await students.count()).toBe(3);
      expect((await students.find({ ownerId: 'u2' })).map((s) => s.id).sort()).toEqual(['s2', 's3']);
      await store.commit(v2, [put(student('s1', 'u1', 'Ada', 5)), { kind: 'delete', collection: 'studentsByOwner', id: 's3' }], 8n);
      expect(await students.get('s1')).toEqual(student('s1', 'u1', 'Ada', 5));
      expect(await students.count()).toBe(2);
      expect((await students.find({ ownerId: 'u1' })).map((s) => s.id)).toEqual(['s1']);
    });

    it('keeps a logical collection to one projection', async () => {
      await expect(
        store.createBuild({ projection: 'other', version: 1, build: 'x' }, ['studentsByOwner']),
      ).rejects.toThrow();
    });

    it('reads nothing from a collection no build serves yet', async () => {
      expect(await store.collection('neverBuilt').get('a')).toBeNull();
      expect(await store.collection('neverBuilt').find({ a: 1 })).toEqual([]);
      expect(await store.collection('neverBuilt').count()).toBe(0);
    });

    it('keeps state collections through a swap', async () => {
      const sessions = store.state<Doc & { userId: string; roles: string[] }>('sessions');
      await sessions.put({ id: 'sess1', userId: 'u1', roles: ['teacher'] });
      await sessions.put({ id: 'sess2', userId: 'u2', roles: ['teacher', 'admin'] });
      const v2: BuildRef = { projection: 'students', version: 2, build: 'b2' };
      await store.createBuild(v2, ['studentsByOwner', 'studentCounts']);
      await store.activate(v2);
      expect(await sessions.get('sess1')).toEqual({ id: 'sess1', userId: 'u1', roles: ['teacher'] });
      expect((await sessions.find({ roles: 'admin' })).map((s) => s.id)).toEqual(['sess2']);
      await sessions.delete('sess1');
      expect(await store.state('sessions').get('sess1')).toBeNull();
      expect(await sessions.count()).toBe(1);
    });

    it('answers ping', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
}
