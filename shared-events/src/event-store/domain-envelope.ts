import type { EventEnvelope } from '../events/envelope.ts';
import { isKnownEventType, type DomainEvent } from '../events/registry.ts';

/** An envelope of a domain event, its data typed by its type: a union that `switch (envelope.type)` narrows. */
export type DomainEnvelope<E extends DomainEvent = DomainEvent> = E extends DomainEvent ? EventEnvelope<E['type'], E['data']> : never;

/**
 * Whether an envelope read from a store carries a domain event this build knows. Its data is then that event's:
 * every store validates data against its type's schema on append and upcasts it to the current version on read
 * (event-store.contract.ts), which is what lets the type say so without a cast.
 */
export const isDomainEnvelope = (envelope: EventEnvelope): envelope is DomainEnvelope => isKnownEventType(envelope.type);
