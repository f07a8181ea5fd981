import type { ReadStore } from '@accommodate/projections/store/read-store';
import { keptUnderStamp } from '@accommodate/projections/store/kept-under-stamp';

/**
 * A serialised answer built from read models, kept while nothing it depends on can have changed:
 * - `version`: the builds and checkpoints of the projections it reads (any commit moves a checkpoint,
 *   a rebuild changes the build), read from the store itself so it holds in the one-process mode and
 *   in an API process whose projections run elsewhere alike;
 * - `from`..`until`: the clock, for answers that depend on time (a share ends at a given instant).
 */
interface CachedAnswer {
  body: Buffer;
  version: string;
  from: number;
  until: number;
}

export interface FreshAnswer {
  body: Buffer;
  /** The instant (ms) from which the answer may differ by the clock alone; Infinity if never. */
  until: number;
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
  /** Drops every answer (for tests and for an erasure that must not wait for the next request). */
  clear(): void;
}

/**
 * The version of the given projections' read models: changes at every commit or rebuild of any of them.
 * Where the store has a change stamp, the version is asked again only once the stamp has moved: the stamp given
 * (the request's), or the store's now.
 */
export function readModelVersion(readStore: Pick<ReadStore, 'activeBuild' | 'changeStamp'>, projections: readonly string[]): (given?: string) => Promise<string> {
  const known = readStore.changeStamp ? keptUnderStamp<'version', string>(readStore.changeStamp.bind(readStore)) : null;
  return async (given) => {
    const stamp = known?.stamp(given);
    const kept = known?.get('version');
    if (kept !== undefined) return kept;
    const parts: string[] = [];
    for (const projection of projections) {
      const active = await readStore.activeBuild(projection);
      parts.push(active ? `${active.build}@${active.checkpoint ?? '-'}` : '-');
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
  const entries = new Map<string, CachedAnswer>();
  /**
   * Builds under way, per key: readers that miss at once (a commit moved the version under eight readers of one
   * student's year) wait for the one build rather than each making it, which made the p99 (issue 27).
   */
  const building = new Map<string, { version: string; from: number; answer: Promise<FreshAnswer> }>();
  let bytes = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.length;
  };

  return {
    async answer(key, now, build, stamp) {
      const current = await version(stamp);
      const at = now.getTime();
      const cached = entries.get(key);
      if (cached && cached.version === current && cached.from <= at && at < cached.until) {
        // Re-inserted so the map's order is least recently used first.
        entries.delete(key);
        entries.set(key, cached);
        return cached.body;
      }
      remove(key);
      const pending = building.get(key);
      if (pending && pending.version === current && pending.from <= at) {
        const shared = await pending.answer.catch(() => null);
        // Valid at this instant too, by the same rule as a kept answer; otherwise (or if it failed) built anew.
        if (shared && at < shared.until) return shared.body;
      }
      const answer = build(now);
      const mine = { version: current, from: at, answer };
      building.set(key, mine);
      let fresh: FreshAnswer;
      try {
        fresh = await answer;
      } finally {
        if (building.get(key) === mine) building.delete(key);
      }
      if (fresh.body.length <= options.maxBytes && at < fresh.until) {
        remove(key); // a concurrent build for the same key may have stored one meanwhile
        entries.set(key, { body: fresh.body, version: current, from: at, until: fresh.until });
        bytes += fresh.body.length;
        for (const oldest of entries.keys()) {
          if (bytes <= options.maxBytes) break;
          remove(oldest);
        }
      }
      return fresh.body;
    },
    clear() {
      entries.clear();
      building.clear();
      bytes = 0;
    },
  };
}
