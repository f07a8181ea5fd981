import type { Position } from '@accommodate/shared-events/events/envelope';
import { checkpointBackwardsError, collectionNotInBuildError, encodeCheckpoint } from '../build-records.ts';
import { applyFindOptions, filterKey, filterKeys, matchesFilter } from '../filter-match.ts';
import type { BuildRef, Collection, Doc, Filter, Write } from '../read-store.ts';

/** Documents a process keeps of its bulk loads before it writes them to their tables and reads from there. */
const MAX_DOCS_IN_MEMORY = 250_000;

/** One collection of a bulk load: documents as JSON text, with an index per field a find has filtered by. */
class CollectionInMemory {
  readonly docs = new Map<string, string>();
  changed: string | null = null;
  private readonly indexes = new Map<string, { byKey: Map<string, Set<string>>; keysOf: Map<string, string[]> }>();

  put(doc: Doc): void {
    this.unindex(doc.id);
    this.docs.set(doc.id, JSON.stringify(doc));
    for (const [field, index] of this.indexes) this.index(index, field, doc);
  }

  delete(id: string): void {
    this.unindex(id);
    this.docs.delete(id);
  }

  private index(index: { byKey: Map<string, Set<string>>; keysOf: Map<string, string[]> }, field: string, doc: Doc): void {
    const keys = filterKeys(doc, field);
    index.keysOf.set(doc.id, keys);
    for (const key of keys) {
      let ids = index.byKey.get(key);
      if (!ids) index.byKey.set(key, (ids = new Set()));
      ids.add(doc.id);
    }
  }

  private unindex(id: string): void {
    for (const index of this.indexes.values()) {
      for (const key of index.keysOf.get(id) ?? []) index.byKey.get(key)?.delete(id);
      index.keysOf.delete(id);
    }
  }

  /** The ids that may match a filter: through the index of its first field (made at the first find by it), or all. */
  candidates(filter: Filter | undefined): Iterable<string> {
    const [field] = Object.keys(filter ?? {});
    if (field === undefined || !filter) return this.docs.keys();
    let index = this.indexes.get(field);
    if (!index) {
      index = { byKey: new Map(), keysOf: new Map() };
      this.indexes.set(field, index);
      for (const text of this.docs.values()) this.index(index, field, JSON.parse(text) as Doc);
    }
    return index.byKey.get(filterKey(filter[field])) ?? [];
  }

  matching<T extends Doc>(filter: Filter | undefined): T[] {
    const found: T[] = [];
    for (const id of this.candidates(filter)) {
      const text = this.docs.get(id);
      if (text === undefined) continue;
      const doc = JSON.parse(text) as T;
      if (matchesFilter(doc, filter)) found.push(doc);
    }
    return found;
  }
}

export interface BuildInMemory {
  checkpoint: string | null;
  changed: string | null;
  collections: Map<string, CollectionInMemory>;
}

const keyOf = (build: Pick<BuildRef, 'projection' | 'build'>): string => `${build.projection}\u0000${build.build}`;

/**
 * Bulk loads (a replay into a build this process created; nobody else writes it until it is finished) kept in this
 * process's memory and written to their tables once, at the end: a replay asks its build for documents many times per
 * event, and a round trip to PostgreSQL for each made a rebuild fifty times slower than the embedded store's. Past
 * MAX_DOCS_IN_MEMORY documents a load is written out early and goes on as an ordinary build.
 */
export function bulkBuilds() {
  const builds = new Map<string, BuildInMemory>();
  let docsHeld = 0;

  return {
    start(build: BuildRef, collections: readonly string[]): void {
      builds.set(keyOf(build), { checkpoint: null, changed: null, collections: new Map(collections.map((name) => [name, new CollectionInMemory()])) });
    },

    has: (build: Pick<BuildRef, 'projection' | 'build'>): boolean => builds.has(keyOf(build)),

    /** Reads of a build: from memory while it is loaded there, from `stored` (its tables) otherwise. */
    over<T extends Doc>(build: BuildRef, name: string, stored: Collection<T>): Collection<T> {
      const inMemory = (): CollectionInMemory | null => {
        const found = builds.get(keyOf(build));
        if (!found) return null;
        const collection = found.collections.get(name);
        if (!collection) throw collectionNotInBuildError(build, name);
        return collection;
      };
      return {
        get: async (id) => {
          const collection = inMemory();
          if (!collection) return stored.get(id);
          const text = collection.docs.get(id);
          return text === undefined ? null : (JSON.parse(text) as T);
        },
        find: async (filter, options) => {
          const collection = inMemory();
          return collection ? applyFindOptions(collection.matching<T>(filter), options) : stored.find(filter, options);
        },
        count: async (filter) => {
          const collection = inMemory();
          return collection ? collection.matching(filter).length : stored.count(filter);
        },
      };
    },

    /** Applies a commit to a build in memory; false when the build is not one. True with `spill` once memory is full. */
    commit(build: BuildRef, writes: readonly Write[], checkpoint: Position): { applied: boolean; spill: boolean } {
      const found = builds.get(keyOf(build));
      if (!found) return { applied: false, spill: false };
      const next = encodeCheckpoint(checkpoint);
      if (found.checkpoint !== null && next < found.checkpoint) throw checkpointBackwardsError(build);
      for (const write of writes) if (!found.collections.has(write.collection)) throw collectionNotInBuildError(build, write.collection);
      for (const write of writes) {
        const collection = found.collections.get(write.collection)!;
        const before = collection.docs.size;
        if (write.kind === 'put') collection.put(write.doc);
        else collection.delete(write.id);
        collection.changed = next;
        docsHeld += collection.docs.size - before;
      }
      found.checkpoint = next;
      if (writes.length > 0) found.changed = next;
      return { applied: true, spill: docsHeld > MAX_DOCS_IN_MEMORY };
    },

    checkpoint: (build: Pick<BuildRef, 'projection' | 'build'>): string | null | undefined => builds.get(keyOf(build))?.checkpoint,

    /** The build's documents, to be written out; this process forgets them. */
    take(build: Pick<BuildRef, 'projection' | 'build'>): BuildInMemory | undefined {
      const found = builds.get(keyOf(build));
      builds.delete(keyOf(build));
      for (const collection of found?.collections.values() ?? []) docsHeld -= collection.docs.size;
      return found;
    },
  };
}

export type BulkBuilds = ReturnType<typeof bulkBuilds>;
