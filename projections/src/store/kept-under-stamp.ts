/**
 * Values read from a read store, remembered while its change stamp (read-store.ts) stays the same: asking
 * for the stamp costs less than the read, and any write, through this store or another connection, moves
 * it. Call `stamp()` before reading; what was remembered under an older stamp is forgotten then.
 */
export interface KeptUnderStamp<K, V> {
  /**
   * The stamp now, to read under and to `keep` with; or `given`, a stamp the caller read itself (a request's, read
   * once at its start for every read it makes), which is then the stamp to read under.
   */
  stamp(given?: string): string;
  has(key: K): boolean;
  get(key: K): V | undefined;
  /** Remembers a value read under `stamp`, unless the stamp has moved since: the value may be older than that. */
  keep(key: K, value: V, stamp: string): void;
}

/**
 * `changeStamp`: null where the caller always gives the stamp (one it reads asynchronously, such as a read model's
 * version). `maxEntries`: past that, the memory starts again empty.
 */
export function keptUnderStamp<K, V>(changeStamp: (() => string) | null, maxEntries = Infinity): KeptUnderStamp<K, V> {
  const kept = new Map<K, V>();
  let keptAt: string | undefined;
  return {
    stamp(given) {
      const now = given ?? changeStamp?.();
      if (now === undefined) throw new Error('No stamp was given, and this memory has none to ask for');
      if (now !== keptAt) {
        kept.clear();
        keptAt = now;
      }
      return now;
    },
    has: (key) => kept.has(key),
    get: (key) => kept.get(key),
    keep(key, value, stamp) {
      if (stamp !== keptAt) return;
      if (kept.size >= maxEntries) kept.clear();
      kept.set(key, value);
    },
  };
}
