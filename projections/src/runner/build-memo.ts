import type { Doc, Write } from '../store/read-store.ts';
import { IdFilter } from './id-filter.ts';

/** Committed documents kept between batches, per collection; past that the least recently written go first. */
const MAX_REMEMBERED_DOCS = 10_000;

/** What a memo knows of a document: the document as committed, null if absent, undefined if it cannot tell. */
export type Known = Doc | null | undefined;

/**
 * What one replay has committed into a build that it created empty, so that later batches need not
 * ask the store: the most recently written documents as committed, and which ids were ever written
 * (a document never written is certainly absent). Valid only while this replay is the build's only
 * writer, which holds until the build is swapped in; the memo is dropped then.
 */
export class BuildMemo {
  constructor(private readonly maxDocs = MAX_REMEMBERED_DOCS) {}

  private readonly docs = new Map<string, Map<string, Doc | null>>();
  private readonly written = new Map<string, IdFilter>();

  known(collection: string, id: string): Known {
    const doc = this.docs.get(collection)?.get(id);
    if (doc !== undefined) return doc;
    return this.written.get(collection)?.mightHave(id) ? undefined : null;
  }

  /** After the writes have committed. */
  committed(writes: readonly Write[]): void {
    for (const write of writes) {
      const id = write.kind === 'put' ? write.doc.id : write.id;
      if (write.kind === 'put') this.filterOf(write.collection).add(id);
      const docs = this.docsOf(write.collection);
      // Re-inserted at the end, so that the least recently written go first.
      docs.delete(id);
      docs.set(id, write.kind === 'put' ? write.doc : null);
    }
    for (const docs of this.docs.values()) {
      for (const id of docs.keys()) {
        if (docs.size <= this.maxDocs) break;
        docs.delete(id);
      }
    }
  }

  private docsOf(collection: string): Map<string, Doc | null> {
    let docs = this.docs.get(collection);
    if (!docs) this.docs.set(collection, (docs = new Map<string, Doc | null>()));
    return docs;
  }

  private filterOf(collection: string): IdFilter {
    let filter = this.written.get(collection);
    if (!filter) this.written.set(collection, (filter = new IdFilter()));
    return filter;
  }
}
