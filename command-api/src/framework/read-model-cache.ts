import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { ReadStore } from '@accommodate/projections/store/read-store';
import { keptUnderStamp } from '@accommodate/projections/store/kept-under-stamp';

/** Below this an answer goes plain: a gzip header and a decompression cost more than the bytes they save. */
export const COMPRESS_FROM_BYTES = 1024;
const gzipped = promisify(gzip);

/**
 * A serialised answer built from read models, kept while nothing it depends on can have changed:
 * - `version`: the builds and checkpoints of the projections it reads (any commit moves a checkpoint,
 *   a rebuild changes the build), read from the store itself so it holds in the one-process mode and
 *   in an API process whose projections run elsewhere alike;
 * - `from`..`until`: the clock, for answers that depend on time (a share ends at a given instant).
 * `gzip`: the body compressed, made at the first request that accepts it and then kept with the body (counted in
 * the cache's bytes), so that the readers of an unchanged answer compress it once between them; it is the body's, so
 * it is exactly as private as the body's key (a user's own view) and goes with it.
 */
interface KeptAnswer {
  key: string;
  body: Buffer;
  version: string;
  from: number;
  until: number;
  gzip?: Promise<Buffer | null>;
  /** Its bytes in the cache: the body's, plus the compressed body's once made. */
  bytes: number;
}

export interface FreshAnswer {
  body: Buffer;
  /** The instant (ms) from which the answer may differ by the clock alone; Infinity if never. */
  until: number;
}

/** An answer as it goes on the wire: `gzip` when `body` is the answer compressed. */
export interface EncodedAnswer {
  body: Buffer;
  encoding: 'gzip' | null;
}

export interface ReadModelCache {
  /**
   * The answer for `key`: cached while the read models and the clock allow it, otherwise
   * `build()`. The version is read before building, so a commit that lands during the build
   * only makes the next request build again; it never leaves an older answer in place.
   * `build` must judge access at the `now` it is given, which is the instant the answer is valid from.
   * `stamp`: the store's change stamp as the request read it at its start (`req.readStamp`), so that one request
   * asks SQLite for it once, not once for its session and again here.
   */
  answer(key: string, now: Date, build: (now: Date) => Promise<FreshAnswer>, stamp?: string): Promise<Buffer>;
  /**
   * The same answer, gzip-compressed when `gzip` (the client accepts it) and it is at least COMPRESS_FROM_BYTES;
   * compressed once per kept answer, however many readers ask for it (those that miss at once included).
   */
  answerEncoded(key: string, now: Date, build: (now: Date) => Promise<FreshAnswer>, stamp: string | undefined, gzip: boolean): Promise<EncodedAnswer>;
  /** Drops every answer (for tests and for an erasure that must not wait for the next request). */
  clear(): void;
  /** The bytes it holds now, compressed bodies included (for tests of its bound). */
  heldBytes(): number;
}

/** A projection whose reads an answer is made of; or only some of its collections, when the answer reads no other. */
export type ReadModelSource = string | { projection: string; collections: readonly string[] };

/**
 * The version of the given projections' read models: changes at every commit that writes documents into any of
 * them (into one of the collections named, where the source names them), and at every rebuild.
 * Where the store has a change stamp, the version is asked again only once the stamp has moved: the stamp given
 * (the request's), or the store's now.
 */
export function readModelVersion(readStore: Pick<ReadStore, 'activeBuild' | 'changeStamp'>, sources: readonly ReadModelSource[]): (given?: string) => Promise<string> {
  const known = readStore.changeStamp ? keptUnderStamp<'version', string>(readStore.changeStamp.bind(readStore)) : null;
  return async (given) => {
    const stamp = known?.stamp(given);
    const kept = known?.get('version');
    if (kept !== undefined) return kept;
    const parts: string[] = [];
    for (const source of sources) {
      const active = await readStore.activeBuild(typeof source === 'string' ? source : source.projection);
      // Where the documents last changed, not the checkpoint: every event moves every projection's checkpoint, so a
      // notification raised for anyone would otherwise drop every cached list.
      const changed = typeof source === 'string' ? [active?.changedAt] : source.collections.map((collection) => active?.collectionsChangedAt[collection]);
      parts.push(active ? `${active.build}@${changed.map((position) => position ?? '-').join(',')}` : '-');
    }
    const version = parts.join('|');
    if (known && stamp !== undefined) known.keep('version', version, stamp);
    return version;
  };
}

/**
 * Bounded by the bytes it holds (least recently used goes first): answers carry education records,
 * which stay in this process's memory only and go as soon as a commit makes them stale.
 */
export function createReadModelCache(version: (stamp?: string) => Promise<string>, options: { maxBytes: number }): ReadModelCache {
  const entries = new Map<string, KeptAnswer>();
  /**
   * Builds under way, per key: readers that miss at once (a commit moved the version under eight readers of one
   * student's year) wait for the one build rather than each making it, which made the p99.
   */
  const building = new Map<string, { version: string; from: number; answer: Promise<KeptAnswer> }>();
  let bytes = 0;
  /** The version the answers kept were built at: once a commit moves it, the answers of an older one go at once. */
  let keptVersion: string | null = null;
  /** The version the latest request read: an answer built at another (older) one is not kept, nor sweeps the rest. */
  let latestVersion: string | null = null;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };
  const trim = () => {
    for (const oldest of entries.keys()) {
      if (bytes <= options.maxBytes) break;
      remove(oldest);
    }
  };
  const keep = (kept: KeptAnswer) => {
    if (kept.version !== latestVersion) return;
    if (kept.version !== keptVersion) {
      for (const [key, entry] of entries) if (entry.version !== kept.version) remove(key);
      keptVersion = kept.version;
    }
    remove(kept.key); // a concurrent build for the same key may have stored one meanwhile
    entries.set(kept.key, kept);
    bytes += kept.bytes;
    trim();
  };

  const answerOf = async (key: string, now: Date, build: (now: Date) => Promise<FreshAnswer>, stamp?: string): Promise<KeptAnswer> => {
    const current = await version(stamp);
    latestVersion = current;
    const at = now.getTime();
    const cached = entries.get(key);
    if (cached && cached.version === current && cached.from <= at && at < cached.until) {
      // Re-inserted so the map's order is least recently used first.
      entries.delete(key);
      entries.set(key, cached);
      return cached;
    }
    remove(key);
    const pending = building.get(key);
    if (pending && pending.version === current && pending.from <= at) {
      const shared = await pending.answer.catch(() => null);
      // Valid at this instant too, by the same rule as a kept answer; otherwise (or if it failed) built anew.
      if (shared && at < shared.until) return shared;
    }
    const answer = build(now).then((fresh): KeptAnswer => ({ key, body: fresh.body, version: current, from: at, until: fresh.until, bytes: fresh.body.length }));
    const mine = { version: current, from: at, answer };
    building.set(key, mine);
    let kept: KeptAnswer;
    try {
      kept = await answer;
    } finally {
      if (building.get(key) === mine) building.delete(key);
    }
    if (kept.bytes <= options.maxBytes && at < kept.until) keep(kept);
    return kept;
  };

  const compressed = (kept: KeptAnswer): Promise<Buffer | null> => {
    // zlib runs in libuv's thread pool: the event loop keeps serving while the answer is compressed.
    kept.gzip ??= gzipped(kept.body).then(
      (body) => {
        if (entries.get(kept.key) === kept) {
          kept.bytes += body.length;
          bytes += body.length;
          trim();
        }
        return body;
      },
      () => null, // then it goes plain: a failed compression is no reason to fail the read
    );
    return kept.gzip;
  };

  return {
    async answer(key, now, build, stamp) {
      return (await answerOf(key, now, build, stamp)).body;
    },
    async answerEncoded(key, now, build, stamp, gzip) {
      const kept = await answerOf(key, now, build, stamp);
      if (!gzip || kept.body.length < COMPRESS_FROM_BYTES) return { body: kept.body, encoding: null };
      const body = await compressed(kept);
      return body ? { body, encoding: 'gzip' } : { body: kept.body, encoding: null };
    },
    clear() {
      entries.clear();
      building.clear();
      bytes = 0;
      keptVersion = null;
      latestVersion = null;
    },
    heldBytes: () => bytes,
  };
}
