import type { Change, ProjectionContext } from '../definitions/projection.ts';
import type { BuildRef, Collection, Doc, Filter, ReadStore, Write } from '../store/read-store.ts';
import { filterKey, matchesFilter } from '../store/filter-match.ts';
import { OverlayIndex } from './overlay-index.ts';
import type { BuildMemo } from './build-memo.ts';
import { timedTurnTaker } from '@accommodate/shared-events/timing/for-each-taking-turns';

interface Entry {
  doc: Doc | null;
  /** Clean entries only cache a read; dirty ones become writes at commit. */
  dirty: boolean;
}

/**
 * What a projection sees while a batch is applied: the build's committed documents
 * with the batch's own pending writes laid over them. Documents read are cached for
 * the batch, so a stream with many events in one batch costs one store read.
 * A document returned by `get` may be changed in place and then `put`.
 */
export class BatchOverlay implements ProjectionContext {
  private readonly entries = new Map<string, Map<string, Entry>>();
  /** Per collection, an index of its entries by each field a find has filtered on. */
  private readonly indexes = new Map<string, Map<string, OverlayIndex>>();
  private readonly collections = new Map<string, Collection<Doc>>();
  readonly changes: Change[] = [];
  private readonly settling = new Map<string, () => Promise<void>>();
  private dirty = 0;

  constructor(
    private readonly readStore: ReadStore,
    private readonly build: BuildRef,
    /** What earlier batches of a replay into a fresh build committed, so as not to ask the store. */
    private readonly memo?: BuildMemo,
    /** False where nobody will publish the changes: they are not kept. */
    private readonly announcing = true,
  ) {}

  async get<T extends Doc>(collection: string, id: string): Promise<T | null> {
    const entries = this.entriesOf(collection);
    const entry = entries.get(id);
    if (entry) return entry.doc as T | null;
    const known = this.memo?.known(collection, id);
    if (known !== undefined) {
      this.setEntry(collection, id, { doc: known, dirty: false });
      return known as T | null;
    }
    const doc = await this.stored(collection).get(id);
    // A write may have landed while the read was awaited; it wins.
    const landed = entries.get(id);
    if (landed) return landed.doc as T | null;
    this.setEntry(collection, id, { doc, dirty: false });
    return doc as T | null;
  }

  async find<T extends Doc>(collection: string, filter: Filter): Promise<T[]> {
    const stored = await this.stored(collection).find(filter);
    const entries = this.entriesOf(collection);
    const result = stored.filter((doc) => !entries.has(doc.id));
    const [field] = Object.keys(filter);
    const ids = field === undefined ? entries.keys() : this.indexOf(collection, field).candidates(filterKey(filter[field]));
    for (const id of ids) {
      const doc = entries.get(id)?.doc;
      if (doc && matchesFilter(doc, filter)) result.push(doc);
    }
    return result as T[];
  }

  put<T extends Doc>(collection: string, doc: T): void {
    this.setEntry(collection, doc.id, { doc, dirty: true });
  }

  delete(collection: string, id: string): void {
    this.setEntry(collection, id, { doc: null, dirty: true });
  }

  announce(change: Change): void {
    if (this.announcing) this.changes.push(change);
  }

  settle(key: string, work: () => Promise<void>): Promise<void> {
    if (!this.settling.has(key)) this.settling.set(key, work);
    return Promise.resolve();
  }

  /** Does the work `settle` put off, in the order it was asked for (and whatever that work puts off in turn). */
  async settled(): Promise<void> {
    const takeTurn = timedTurnTaker();
    for (const [key, work] of this.settling) {
      this.settling.delete(key);
      await work();
      const turn = takeTurn();
      if (turn) await turn;
    }
  }

  writes(): Write[] {
    const writes: Write[] = [];
    for (const [collection, entries] of this.entries) {
      for (const [id, { doc, dirty }] of entries) {
        if (!dirty) continue;
        writes.push(doc ? { kind: 'put', collection, doc } : { kind: 'delete', collection, id });
      }
    }
    return writes;
  }

  /** About how many writes the commit will make: the documents written so far, and the work put off to it (a write or more each). */
  get pendingWrites(): number {
    return this.dirty + this.settling.size;
  }

  private setEntry(collection: string, id: string, entry: Entry): void {
    const entries = this.entriesOf(collection);
    if (entry.dirty && entries.get(id)?.dirty !== true) this.dirty += 1;
    entries.set(id, entry);
    for (const index of this.indexes.get(collection)?.values() ?? []) index.set(id, entry.doc);
  }

  private indexOf(collection: string, field: string): OverlayIndex {
    let byField = this.indexes.get(collection);
    if (!byField) this.indexes.set(collection, (byField = new Map<string, OverlayIndex>()));
    let index = byField.get(field);
    if (!index) {
      byField.set(field, (index = new OverlayIndex(field)));
      for (const [id, { doc }] of this.entriesOf(collection)) index.set(id, doc);
    }
    return index;
  }

  private entriesOf(collection: string): Map<string, Entry> {
    let entries = this.entries.get(collection);
    if (!entries) this.entries.set(collection, (entries = new Map<string, Entry>()));
    return entries;
  }

  private stored(collection: string): Collection<Doc> {
    let stored = this.collections.get(collection);
    if (!stored) this.collections.set(collection, (stored = this.readStore.buildCollection(this.build, collection)));
    return stored;
  }
}
