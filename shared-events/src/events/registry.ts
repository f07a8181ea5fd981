import type { EventDefinition } from './define-event.ts';
import { parseStoredTypeName, storedTypeName } from './define-event.ts';
import { USER_EVENTS } from './user-events.ts';
import { ACCOMMODATION_EVENTS } from './accommodation-events.ts';
import { STUDENT_EVENTS } from './student-events.ts';
import { PLAN_EVENTS } from './plan-events.ts';
import { DOCUMENT_EVENTS } from './document-events.ts';
import { NOTIFICATION_EVENTS } from './notification-events.ts';
import { ACCESS_EVENTS } from './access-events.ts';
import { CLASS_EVENTS } from './class-events.ts';
import { TWO_FACTOR_EVENTS } from './two-factor-events.ts';
import { DISTRICT_EVENTS, SCHOOL_EVENTS } from './district-events.ts';
import { IMPLEMENTATION_EVENTS } from './implementation-events.ts';
import { ROSTER_EVENTS, ROSTER_IMPORT_EVENTS } from './roster-events.ts';
import { DISTRICT_ERASURE_EVENTS } from './district-erasure-events.ts';
import { SSO_DOMAIN_EVENTS } from './sso-domain-events.ts';
import type { UserEvent } from './user-events.ts';
import type { AccommodationEvent } from './accommodation-events.ts';
import type { StudentEvent } from './student-events.ts';
import type { PlanEvent } from './plan-events.ts';
import type { DocumentEvent } from './document-events.ts';
import type { NotificationEvent } from './notification-events.ts';
import type { AccessEvent } from './access-events.ts';
import type { ClassEvent } from './class-events.ts';
import type { TwoFactorEvent } from './two-factor-events.ts';
import type { DistrictEvent, SchoolEvent } from './district-events.ts';
import type { ImplementationEvent } from './implementation-events.ts';
import type { RosterEvent, RosterImportEvent } from './roster-events.ts';
import type { DistrictErasureEvent } from './district-erasure-events.ts';
import type { SsoDomainEvent } from './sso-domain-events.ts';

export type DomainEvent = UserEvent | AccommodationEvent | StudentEvent | PlanEvent | DocumentEvent | NotificationEvent | AccessEvent | ClassEvent | TwoFactorEvent | DistrictEvent | SchoolEvent | ImplementationEvent | RosterImportEvent | RosterEvent | DistrictErasureEvent | SsoDomainEvent;
export type DomainEventType = DomainEvent['type'];

const ALL_EVENTS = [...USER_EVENTS, ...ACCOMMODATION_EVENTS, ...STUDENT_EVENTS, ...PLAN_EVENTS, ...DOCUMENT_EVENTS, ...NOTIFICATION_EVENTS, ...ACCESS_EVENTS, ...CLASS_EVENTS, ...TWO_FACTOR_EVENTS, ...DISTRICT_EVENTS, ...SCHOOL_EVENTS, ...IMPLEMENTATION_EVENTS, ...ROSTER_IMPORT_EVENTS, ...ROSTER_EVENTS, ...DISTRICT_ERASURE_EVENTS, ...SSO_DOMAIN_EVENTS];
/** Every event type this build knows, by its current name. */
export const DOMAIN_EVENT_TYPES: DomainEventType[] = ALL_EVENTS.map((definition) => definition.name);

const definitions = new Map<string, EventDefinition>();
for (const definition of ALL_EVENTS) {
  if (definitions.has(definition.name)) throw new Error(`Duplicate event name ${definition.name}`);
  definitions.set(definition.name, definition);
}

export class UnknownEventTypeError extends Error {
  constructor(readonly storedType: string) {
    super(`Unknown event type ${storedType}`);
  }
}

function definitionOf(name: string): EventDefinition {
  const definition = definitions.get(name);
  if (!definition) throw new UnknownEventTypeError(name);
  return definition;
}

/** Validates outgoing data against the current schema and names it with its version. */
export function encodeEvent(event: { type: string; data: unknown }): { storedType: string; data: unknown } {
  const definition = definitionOf(event.type);
  return { storedType: storedTypeName(definition), data: definition.schema.parse(event.data) };
}

/** Stored type names seen so far, parsed: a replay meets the same few names millions of times. */
const parsedStoredTypes = new Map<string, { name: string; version: number; definition: EventDefinition }>();

/** Upcasts stored data of any known version to the current one. */
export function decodeEvent(storedType: string, data: unknown): { type: string; data: unknown; schemaVersion: number } {
  let parsed = parsedStoredTypes.get(storedType);
  if (!parsed) {
    const { name, version } = parseStoredTypeName(storedType);
    parsed = { name, version, definition: definitionOf(name) };
    parsedStoredTypes.set(storedType, parsed);
  }
  const { name, version, definition } = parsed;
  let current = data;
  for (let v = version; v < definition.version; v++) current = definition.upcasters[v]!(current);
  return { type: name, data: current, schemaVersion: definition.version };
}

export const isKnownEventType = (storedType: string): boolean => definitions.has(parseStoredTypeName(storedType).name);
