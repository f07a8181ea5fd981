import type { EventEnvelope } from '../events/envelope.ts';
import { DOMAIN_EVENT_TYPES, type DomainEvent } from '../events/registry.ts';

/** An envelope whose data is typed by its type: a discriminated union when E is one. */
export type EnvelopeOf<E extends DomainEvent> = EventEnvelope & E;

/** The type names of a group of event definitions (STUDENT_EVENTS…), as their literal types. */
export const typesOf = <D extends { name: string }>(definitions: readonly D[]): D['name'][] => definitions.map((definition) => definition.name);

/**
 * A guard for envelopes of these types (`isEventOf<StudentEvent>(['StudentAdded', ...])`). Stores hand back
 * envelopes with untyped data; the data of a known type was validated against its schema at the append
 * (registry.encodeEvent) and is upcast to the current version on read, so the type name tells its shape.
 */
export function isEventOf<E extends DomainEvent>(types: readonly E['type'][]): (envelope: EventEnvelope) => envelope is EnvelopeOf<E> {
  const known = new Set<string>(types);
  return (envelope: EventEnvelope): envelope is EnvelopeOf<E> => known.has(envelope.type);
}

/** A guard for envelopes of any event this build knows, for a reader that reacts to several aggregates' events. */
export const isDomainEvent = isEventOf<DomainEvent>(DOMAIN_EVENT_TYPES);
