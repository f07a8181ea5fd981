import type { EventEnvelope } from '@accommodate/shared-events/events/envelope';
import type { DomainEvent } from '@accommodate/shared-events/events/registry';
import { matchesFilter } from '../store/filter-match.ts';
import type { Doc, Filter } from '../store/read-store.ts';
import type { Change, ProjectionContext } from '../definitions/projection.ts';

/** For projection specs: collections in maps, with the stores' filter semantics. */
export class MemoryContext implements ProjectionContext {
  readonly collections = new Map<string, Map<string, Doc>>();
  readonly changes: Change[] = [];
  private of(name: string) {
    let collection = this.collections.get(name);
    if (!collection) this.collections.set(name, (collection = new Map()));
    return collection;
  }
  async get<T extends Doc>(collection: string, id: string) {
    return (this.of(collection).get(id) as T | undefined) ?? null;
  }
  async find<T extends Doc>(collection: string, filter: Filter) {
    return [...this.of(collection).values()].filter((doc) => matchesFilter(doc, filter)) as T[];
  }
  put<T extends Doc>(collection: string, doc: T) {
    this.of(collection).set(doc.id, structuredClone(doc));
  }
  delete(collection: string, id: string) {
    this.of(collection).delete(id);
  }
  announce(change: Change) {
    this.changes.push(change);
  }
  /** Each event is a batch of its own here. */
  settle(_key: string, work: () => Promise<void>) {
    return work();
  }
}

let position = 0n;
export const revisions = new Map<string, number>();
/** The next envelope of the stream, at the next position of the log. */
export function envelope(streamId: string, event: DomainEvent, actor = 'u1', occurredAt = new Date(Date.UTC(2025, 0, Number(position) + 1)).toISOString()): EventEnvelope {
  const revision = (revisions.get(streamId) ?? -1) + 1;
  revisions.set(streamId, revision);
  position += 1n;
  return {
    eventId: `e${position}`,
    type: event.type,
    data: event.data,
    streamId,
    revision,
    position,
    occurredAt,
    actor: { userId: actor },
    correlationId: 'c',
    causationId: null,
    schemaVersion: 1,
  };
}
