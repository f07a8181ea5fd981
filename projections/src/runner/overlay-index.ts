import type { Doc } from '../store/read-store.ts';
import { filterKeys } from '../store/filter-match.ts';

/**
 * The ids of a batch's documents of one collection by one field's keys (filter-match.ts: an array is found by each of
 * its elements), so that a batch's `find` looks its documents up instead of testing each. An import's batch holds
 * hundreds of classes of sixty students, and each student refreshed asks for its classes: testing them all was the
 * projection's largest cost. Kept up to date as documents are set; each id's keys are kept as they
 * were indexed, since a document may have been changed in place before it is put again.
 */
export class OverlayIndex {
  private readonly ids = new Map<string, Set<string>>();
  private readonly keysOf = new Map<string, readonly string[]>();

  constructor(private readonly field: string) {}

  set(id: string, doc: Doc | null): void {
    for (const key of this.keysOf.get(id) ?? []) this.ids.get(key)?.delete(id);
    if (!doc) return void this.keysOf.delete(id);
    const keys = filterKeys(doc, this.field);
    this.keysOf.set(id, keys);
    for (const key of keys) {
      let ids = this.ids.get(key);
      if (!ids) this.ids.set(key, (ids = new Set()));
      ids.add(id);
    }
  }

  /** The ids that may match the key: the caller still tests each against the whole filter. */
  candidates(key: string): ReadonlySet<string> {
    return this.ids.get(key) ?? new Set();
  }
}
