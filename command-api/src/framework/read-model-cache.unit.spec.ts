import { describe, expect, it } from 'vitest';
import type { ActiveBuild } from '@accommodate/projections/store/read-store';
import { gunzipSync } from 'node:zlib';
import { COMPRESS_FROM_BYTES, createReadModelCache, readModelVersion } from './read-model-cache.ts';

/**
 * A read store whose projections' checkpoints the test moves, as commits would (one that writes documents moves
 * `changedAt` too); `stamped`: with a change stamp that every commit and swap moves, as the embedded store's does.
 */
function fakeStore(options: { stamped?: boolean } = {}) {
  const builds = new Map<string, ActiveBuild>([
    ['caseload', { projection: 'caseload', version: 1, build: 'b1', checkpoint: 10n, changedAt: 10n, collectionsChangedAt: { students: 10n, schools: 2n } }],
    ['users', { projection: 'users', version: 1, build: 'b1', checkpoint: 4n, changedAt: 4n, collectionsChangedAt: { users: 4n } }],
  ]);
  let stamp = 0;
  const asked = { count: 0 };
  return {
    asked,
    /** `written`: the collections the commit wrote documents into (none: it only moves the checkpoint). */
    commit(projection: string, written: readonly string[] = Object.keys(builds.get(projection)!.collectionsChangedAt)) {
      const build = builds.get(projection)!;
      const checkpoint = (build.checkpoint ?? 0n) + 1n;
      const collectionsChangedAt = { ...build.collectionsChangedAt, ...Object.fromEntries(written.map((collection) => [collection, checkpoint])) };
      builds.set(projection, { ...build, checkpoint, changedAt: written.length > 0 ? checkpoint : build.changedAt, collectionsChangedAt });
      stamp += 1;
    },
    swap(build: ActiveBuild) {
      builds.set(build.projection, build);
      stamp += 1;
    },
    activeBuild: async (projection: string) => {
      asked.count += 1;
      return builds.get(projection) ?? null;
    },
    ...(options.stamped ? { changeStamp: () => String(stamp) } : {}),
  };
}

function counted(body: () => string, until = Infinity) {
  const calls = { count: 0 };
  const build = async () => {
    calls.count += 1;
    return { body: Buffer.from(body()), until };
  };
  return { calls, build };
}

const at = (iso: string) => new Date(iso);

describe('read-model cache', () => {
  it.each([
    ['a store without a change stamp', false],
    ['a store with a change stamp', true],
  ])('answers from memory until a commit to any projection it reads, on %s', async (_, stamped) => {
    const store = fakeStore({ stamped });
    const cache = createReadModelCache(readModelVersion(store, ['caseload', 'users']), { maxBytes: 1024 });
    let list = '["Ann"]';
    const { calls, build } = counted(() => list);
    const now = at('2026-05-01T10:00:00Z');

    expect((await cache.answer('alice', now, build)).toString()).toBe('["Ann"]');
    list = '["Ann","Ben"]';
    expect((await cache.answer('alice', now, build)).toString()).toBe('["Ann"]');
    expect(calls.count).toBe(1);

    store.commit('caseload');
    expect((await cache.answer('alice', now, build)).toString()).toBe('["Ann","Ben"]');
    list = '["Ben"]'; // a rename arrives through the users projection
    store.commit('users');
    expect((await cache.answer('alice', now, build)).toString()).toBe('["Ben"]');
    store.swap({ projection: 'caseload', version: 2, build: 'b2', checkpoint: 1n, changedAt: 1n, collectionsChangedAt: {} }); // a rebuild switched in
    list = '[]';
    expect((await cache.answer('alice', now, build)).toString()).toBe('[]');
    expect(calls.count).toBe(4);
  });

  it.each([
    ['a store without a change stamp', false],
    ['a store with a change stamp', true],
  ])("keeps its answers through commits that only move a checkpoint (another projection's events), on %s", async (_, stamped) => {
    const store = fakeStore({ stamped });
    const cache = createReadModelCache(readModelVersion(store, ['caseload', 'users']), { maxBytes: 1024 });
    const { calls, build } = counted(() => '["Ann"]');
    const now = at('2026-05-01T10:00:00Z');
    await cache.answer('alice', now, build);
    store.commit('caseload', []);
    store.commit('users', []);
    await cache.answer('alice', now, build);
    expect(calls.count).toBe(1);
    store.commit('caseload');
    await cache.answer('alice', now, build);
    expect(calls.count).toBe(2);
  });

  it('made of some collections of a projection, keeps its answers through commits to its other collections', async () => {
    const store = fakeStore({ stamped: true });
    const cache = createReadModelCache(readModelVersion(store, [{ projection: 'caseload', collections: ['schools'] }]), { maxBytes: 1024 });
    const { calls, build } = counted(() => '["School 1"]');
    const now = at('2026-05-01T10:00:00Z');
    await cache.answer('district', now, build);
    store.commit('caseload', ['students']);
    store.commit('users');
    await cache.answer('district', now, build);
    expect(calls.count).toBe(1);
    store.commit('caseload', ['students', 'schools']);
    await cache.answer('district', now, build);
    expect(calls.count).toBe(2);
    store.swap({ projection: 'caseload', version: 2, build: 'b2', checkpoint: 1n, changedAt: 1n, collectionsChangedAt: { schools: 1n } });
    await cache.answer('district', now, build);
    expect(calls.count).toBe(3);
  });

  it('asks for the builds again only once the change stamp has moved', async () => {
    const store = fakeStore({ stamped: true });
    const version = readModelVersion(store, ['caseload', 'users']);
    const first = await version();
    expect(await version()).toBe(first);
    expect(store.asked.count).toBe(2);
    store.commit('users');
    expect(await version()).not.toBe(first);
    expect(store.asked.count).toBe(4);
  });

  it("with the request's stamp given, asks for the builds again once a later request's stamp has moved", async () => {
    const store = fakeStore({ stamped: true });
    const cache = createReadModelCache(readModelVersion(store, ['caseload']), { maxBytes: 1024 });
    let list = '["Ann"]';
    const { calls, build } = counted(() => list);
    const now = at('2026-05-01T10:00:00Z');
    const requestStamp = () => store.changeStamp!();
    expect((await cache.answer('alice', now, build, requestStamp())).toString()).toBe('["Ann"]');
    expect((await cache.answer('alice', now, build, requestStamp())).toString()).toBe('["Ann"]');
    list = '["Ann","Ben"]';
    store.commit('caseload');
    expect((await cache.answer('alice', now, build, requestStamp())).toString()).toBe('["Ann","Ben"]');
    expect(calls.count).toBe(2);
  });

  it('builds once for readers that miss at once, and not for one the shared answer is no longer valid for', async () => {
    const cache = createReadModelCache(readModelVersion(fakeStore(), ['caseload']), { maxBytes: 1024 });
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const calls = { count: 0 };
    const slow = async () => {
      calls.count += 1;
      await gate;
      return { body: Buffer.from('["year"]'), until: at('2026-05-01T12:00:00Z').getTime() };
    };
    const readers = [cache.answer('s1', at('2026-05-01T10:00:00Z'), slow), cache.answer('s1', at('2026-05-01T10:00:01Z'), slow)];
    const late = cache.answer('s1', at('2026-05-01T12:00:00Z'), counted(() => '["after the share"]').build);
    // Both readers have asked (and the first is building) before the build ends.
    await new Promise((resolve) => setImmediate(resolve));
    release();
    expect((await Promise.all(readers)).map(String)).toEqual(['["year"]', '["year"]']);
    expect(String(await late)).toBe('["after the share"]');
    expect(calls.count).toBe(1);
  });

  it('keeps answers per key', async () => {
    const cache = createReadModelCache(readModelVersion(fakeStore(), ['caseload']), { maxBytes: 1024 });
    const now = at('2026-05-01T10:00:00Z');
    await cache.answer('alice', now, counted(() => '["Alice’s"]').build);
    expect((await cache.answer('bob', now, counted(() => '["Bob’s"]').build)).toString()).toBe('["Bob’s"]');
    expect((await cache.answer('alice', now, counted(() => 'other').build)).toString()).toBe('["Alice’s"]');
  });

  it('never serves an answer past the instant a share ends, nor to a clock set back', async () => {
    const cache = createReadModelCache(readModelVersion(fakeStore(), ['caseload']), { maxBytes: 1024 });
    const ends = at('2026-05-02T00:00:00Z').getTime();
    let list = '["shared"]';
    const { calls, build } = counted(() => list, ends);
    await cache.answer('sub', at('2026-05-01T10:00:00Z'), build);
    list = '[]';
    expect((await cache.answer('sub', at('2026-05-01T23:59:59Z'), build)).toString()).toBe('["shared"]');
    expect((await cache.answer('sub', new Date(ends), build)).toString()).toBe('[]');
    expect(calls.count).toBe(2);

    const later = createReadModelCache(readModelVersion(fakeStore(), ['caseload']), { maxBytes: 1024 });
    const second = counted(() => list);
    await later.answer('sub', at('2026-05-03T10:00:00Z'), second.build);
    await later.answer('sub', at('2026-05-03T09:00:00Z'), second.build);
    expect(second.calls.count).toBe(2);
  });

  it('holds at most maxBytes, dropping the least recently read answer first', async () => {
    const cache = createReadModelCache(readModelVersion(fakeStore(), ['caseload']), { maxBytes: 20 });
    const now = at('2026-05-01T10:00:00Z');
    const tenBytes = (name: string) => counted(() => name.padEnd(10, '.'));
    const a = tenBytes('a');
    const b = tenBytes('b');
    const c = tenBytes('c');
    await cache.answer('a', now, a.build);
    await cache.answer('b', now, b.build);
    await cache.answer('a', now, a.build); // a is now the most recently read
    await cache.answer('c', now, c.build); // over 20 bytes: b goes
    await cache.answer('a', now, a.build);
    await cache.answer('b', now, b.build);
    expect([a.calls.count, b.calls.count, c.calls.count]).toEqual([1, 2, 1]);

    const huge = counted(() => 'x'.repeat(21));
    await cache.answer('huge', now, huge.build);
    await cache.answer('huge', now, huge.build);
    expect(huge.calls.count).toBe(2);
  });
});

describe('read-model cache, compressed answers', () => {
  const now = at('2026-05-01T10:00:00Z');
  /** A list of students as JSON, of about `count` × 60 bytes. */
  const studentsJson = (count: number, first = 'Student') =>
    JSON.stringify(Array.from({ length: count }, (_, n) => ({ id: `s-${n}`, name: `${first}${n} B.`, grade: String((n % 12) + 1), status: 'active' })));

  it('compresses a large answer once for all its readers, those that miss at once included, and it decodes to the answer', async () => {
    const cache = createReadModelCache(readModelVersion(fakeStore(), ['caseload']), { maxBytes: 1024 * 1024 });
    const json = studentsJson(100);
    const { calls, build } = counted(() => json);
    const readers = await Promise.all(Array.from({ length: 32 }, () => cache.answerEncoded('cora:school:north', now, build, undefined, true)));
    const later = await cache.answerEncoded('cora:school:north', now, build, undefined, true);
    expect(calls.count).toBe(1);
    for (const answer of [...readers, later]) {
      expect(answer.encoding).toBe('gzip');
      expect(answer.body).toBe(later.body); // the very same bytes: compressed once
    }
    expect(gunzipSync(later.body).toString()).toBe(json);
    expect(later.body.length).toBeLessThan(json.length / 4);
    // The same kept answer, plain, to a client that does not take gzip.
    const plain = await cache.answerEncoded('cora:school:north', now, build, undefined, false);
    expect(plain).toEqual({ body: Buffer.from(json), encoding: null });
  });

  it('sends an answer under 1 KB plain, compressing nothing', async () => {
    const cache = createReadModelCache(readModelVersion(fakeStore(), ['caseload']), { maxBytes: 1024 * 1024 });
    const json = studentsJson(2);
    expect(json.length).toBeLessThan(COMPRESS_FROM_BYTES);
    const answer = await cache.answerEncoded('tom', now, counted(() => json).build, undefined, true);
    expect(answer).toEqual({ body: Buffer.from(json), encoding: null });
    expect(cache.heldBytes()).toBe(json.length);
  });

  it('compresses the new answer after a commit, and drops every answer of the older read models at the next one kept', async () => {
    const store = fakeStore();
    const cache = createReadModelCache(readModelVersion(store, ['caseload']), { maxBytes: 1024 * 1024 });
    let first = 'Student';
    const cora = counted(() => studentsJson(100, first));
    const hal = counted(() => studentsJson(50, 'South'));
    const before = await cache.answerEncoded('cora', now, cora.build, undefined, true);
    await cache.answerEncoded('hal', now, hal.build, undefined, true);
    first = 'Renamed';
    store.commit('caseload');
    const after = await cache.answerEncoded('cora', now, cora.build, undefined, true);
    expect(gunzipSync(after.body).toString()).toBe(studentsJson(100, 'Renamed'));
    expect(after.body).not.toEqual(before.body);
    // Hal's answer was of the older read models: gone, not merely unserved.
    expect(cache.heldBytes()).toBe(studentsJson(100, 'Renamed').length + after.body.length);
  });

  it('neither keeps an answer built before a commit another reader has seen, nor lets it drop the newer ones', async () => {
    const store = fakeStore();
    const cache = createReadModelCache(readModelVersion(store, ['caseload']), { maxBytes: 1024 * 1024 });
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = async () => {
      await gate;
      return { body: Buffer.from('["before the commit"]'), until: Infinity };
    };
    const older = cache.answer('cora', now, slow);
    await new Promise((resolve) => setImmediate(resolve));
    store.commit('caseload');
    const newer = studentsJson(3);
    await cache.answer('hal', now, counted(() => newer).build);
    release();
    expect(String(await older)).toBe('["before the commit"]');
    expect(cache.heldBytes()).toBe(newer.length);
  });

  it('counts the compressed bytes in its bound', async () => {
    const json = studentsJson(40);
    const cache = createReadModelCache(readModelVersion(fakeStore(), ['caseload']), { maxBytes: 2 * json.length + 10 });
    const a = counted(() => json);
    const b = counted(() => json);
    await cache.answerEncoded('a', now, a.build, undefined, false);
    await cache.answerEncoded('b', now, b.build, undefined, false);
    expect(cache.heldBytes()).toBe(2 * json.length);
    const compressed = await cache.answerEncoded('b', now, b.build, undefined, true); // over the bound by its gzip: a goes
    expect(cache.heldBytes()).toBe(json.length + compressed.body.length);
    await cache.answerEncoded('a', now, a.build, undefined, false);
    expect([a.calls.count, b.calls.count]).toEqual([2, 1]);
  });
});
