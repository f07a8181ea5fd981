import type { EventEnvelope } from '@accommodate/shared-events/events/envelope';
import type { DomainEvent } from '@accommodate/shared-events/events/registry';
import { isEventOf, type EnvelopeOf } from '@accommodate/shared-events/domain/event-types';
import type { ChangeMessage } from '@accommodate/shared-events/schemas/change-message';
import type { Doc, Filter } from '../store/read-store.ts';

/** A change to announce once the batch that made it has committed. */
export interface Change {
  message: ChangeMessage;
  /** User ids allowed to see the record; the message goes to their rooms only. */
  audience: readonly string[];
  /**
   * A student's id, for a projection that keeps no copy of who sees a student (the implementation log): the
   * message goes to that student's viewers as the caseload holds them once the batch has committed, on top of `audience`.
   */
  viewersOf?: string;
}

/** What a projection sees while applying events: its own pending writes included. */
export interface ProjectionContext {
  get<T extends Doc>(collection: string, id: string): Promise<T | null>;
  find<T extends Doc>(collection: string, filter: Filter): Promise<T[]>;
  put<T extends Doc>(collection: string, doc: T): void;
  delete(collection: string, id: string): void;
  announce(change: Change): void;
  /**
   * Work to do once per key for a batch of events, after them and before the batch commits: a student's audience,
   * which many of a batch's events may change (an import enrols each student in several classes), is computed once.
   * The first registration of a key is the one done. A context without batches does it at once.
   */
  settle(key: string, work: () => Promise<void>): Promise<void>;
}

/**
 * A projection only reads its own collections, so that a rebuild gives exactly
 * what the live build holds; data it needs from another stream it keeps a copy of.
 */
export interface Projection {
  name: string;
  /** Bump when the projection's logic or document shape changes; a new build is made beside the old. */
  version: number;
  collections: readonly string[];
  /** Event types (unversioned) it reacts to; others are skipped without a call. */
  handles: readonly string[];
  apply(event: EventEnvelope, context: ProjectionContext): Promise<void>;
}

/** A projection as written: typed by the events it handles, so `apply` switches on them without casts. */
export interface TypedProjection<E extends DomainEvent> extends Omit<Projection, 'handles' | 'apply'> {
  handles: readonly E['type'][];
  apply(event: EnvelopeOf<E>, context: ProjectionContext): Promise<void>;
}

/**
 * The runner's view of a typed projection. The runner hands `apply` only the types in `handles` already; the guard
 * is what lets the typed `apply` see them as those events.
 */
export function defineProjection<E extends DomainEvent>(projection: TypedProjection<E>): Projection {
  const handled = isEventOf<E>(projection.handles);
  return {
    ...projection,
    apply: (event, context) => (handled(event) ? projection.apply(event, context) : Promise.resolve()),
  };
}
