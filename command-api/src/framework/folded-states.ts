import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import { canForgetSubjects } from '@accommodate/shared-events/event-store/shredding-event-store';
import type { FoldedStateCache } from '@accommodate/shared-events/command-handling/decide-on-stream';

/**
 * Folded state per stream, so a command on a stream this process just wrote does not re-read and re-fold its
 * whole history (a student's stream grows with every save). Only ever trusted through a conditional append:
 * handle-command.ts decides on an entry only at the entry's revision, which fails if anyone else wrote since,
 * and a decision on an entry that appends nothing or is refused is made again from the log.
 * Entries go when any subject is erased in this process (they may hold its plaintext) and after STATE_CACHE_MS
 * (an erasure by another process shows within the shredding key cache's 30 s too).
 */
const STATE_CACHE_MS = 30_000;
const MAX_CACHED_STREAMS = 1_000;

interface Entry {
  state: unknown;
  revision: number;
  at: number;
  erasures: number;
}

// Per event store and per decider: a store is one log, and each decider folds its stream its own way.
const entriesByStore = new WeakMap<EventStore, WeakMap<object, Map<string, Entry>>>();

/** null when states must not be kept: an erasing store that cannot say when it erased. */
function erasuresOf(store: EventStore): number | null {
  if (!canForgetSubjects(store)) return 0;
  return typeof store.erasures === 'number' ? store.erasures : null;
}

function entriesFor(store: EventStore, decider: object): Map<string, Entry> {
  let byDecider = entriesByStore.get(store);
  if (!byDecider) entriesByStore.set(store, (byDecider = new WeakMap()));
  let entries = byDecider.get(decider);
  if (!entries) byDecider.set(decider, (entries = new Map<string, Entry>()));
  return entries;
}

/** A copy the caller cannot change under the cache; undefined when the state cannot be copied. */
function snapshot(state: unknown): unknown {
  try {
    return structuredClone(state);
  } catch {
    return undefined;
  }
}

/**
 * The cache for one command, or undefined where states must not be kept. Open it before loading the stream: the
 * erasures counted now are those an entry kept later is valid for, so an erasure during the load makes it stale.
 */
export function openFoldedStates<State>(store: EventStore, decider: object): FoldedStateCache<State> | undefined {
  const erasures = erasuresOf(store);
  if (erasures === null) return undefined;
  const entries = entriesFor(store, decider);
  return {
    take(streamId) {
      const entry = entries.get(streamId);
      if (!entry) return undefined;
      entries.delete(streamId);
      const fresh = entry.erasures === erasures && Date.now() - entry.at < STATE_CACHE_MS;
      // The entry's own object: taken out of the cache, so nobody else holds it.
      return fresh ? { state: entry.state as State, revision: entry.revision } : undefined;
    },
    keep(streamId, state, revision) {
      const copy = snapshot(state);
      if (copy === undefined) return;
      entries.delete(streamId);
      entries.set(streamId, { state: copy, revision, at: Date.now(), erasures });
      // Oldest first out: a Map keeps insertion order, and a used entry is re-inserted.
      if (entries.size > MAX_CACHED_STREAMS) entries.delete(entries.keys().next().value as string);
    },
  };
}
