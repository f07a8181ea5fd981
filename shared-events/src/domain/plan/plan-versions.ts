import type { EventEnvelope } from '../../events/envelope.ts';
import type { PlanContent, PlanEvent } from '../../events/plan-events.ts';
import type { EnvelopeOf } from '../event-types.ts';
import { acknowledgementKey, isPlanEvent } from './plan.ts';
import { CONTENT_FIELDS } from './decide-plan.ts';
import type { PlanRecord, RecordChange } from '../../schemas/plan-record.ts';
import { decodePlanRecord, recordChanges } from './plan-record.ts';

type VersionedAccommodation = PlanContent['accommodations'][number];

/** What a version changed from the one before: for version 1, everything it holds is added. */
export interface PlanVersionChanges {
  added: VersionedAccommodation[];
  removed: VersionedAccommodation[];
  fields: { field: (typeof CONTENT_FIELDS)[number]; before: string | null; after: string | null }[];
  /** The plan record's differences; none for version 1. */
  record: RecordChange[];
}

/** A version's content with its record read back: null for a version made before the record existed. */
export type VersionedContent = PlanContent & { record: PlanRecord | null };

/** A signed version of a plan, read from its own event: as it was signed, whatever the library says now. */
export interface PlanVersionRecord {
  version: number;
  kind: 'finalised' | 'amended';
  at: string;
  actorId: string;
  reason: string | null;
  effectiveDate: string;
  content: VersionedContent;
  changes: PlanVersionChanges;
  teachers: { userId: string; role: string }[];
}

type VersionEvent = EnvelopeOf<Extract<PlanEvent, { type: 'PlanFinalised' | 'PlanAmended' }>>;
const isVersionEvent = (event: EventEnvelope): event is VersionEvent =>
  isPlanEvent(event) && (event.type === 'PlanFinalised' || event.type === 'PlanAmended');

const EMPTY: VersionedContent = { startDate: '', reviewDate: '', meetingDate: null, caseManager: null, accommodations: [], record: null };

export function versionChanges(before: VersionedContent | null, after: VersionedContent): PlanVersionChanges {
  const previous = before ?? EMPTY;
  const had = new Set(previous.accommodations.map((accommodation) => accommodation.id));
  const has = new Set(after.accommodations.map((accommodation) => accommodation.id));
  return {
    added: after.accommodations.filter((accommodation) => !had.has(accommodation.id)),
    removed: previous.accommodations.filter((accommodation) => !has.has(accommodation.id)),
    fields: before === null ? [] : CONTENT_FIELDS.filter((field) => before[field] !== after[field]).map((field) => ({ field, before: before[field], after: after[field] })),
    record: before === null ? [] : recordChanges(before.record, after.record),
  };
}

/** Every version of a plan, oldest first. */
export function planVersionsOf(events: readonly EventEnvelope[]): PlanVersionRecord[] {
  const versions: PlanVersionRecord[] = [];
  for (const event of events) {
    if (!isVersionEvent(event)) continue;
    const { version, effectiveDate, content: stored, teachers } = event.data;
    const content: VersionedContent = { ...stored, record: decodePlanRecord(stored.record) };
    versions.push({
      version,
      kind: event.type === 'PlanFinalised' ? 'finalised' : 'amended',
      at: event.occurredAt,
      actorId: event.actor.userId,
      reason: event.type === 'PlanAmended' ? event.data.reason : null,
      effectiveDate,
      content,
      changes: versionChanges(versions.at(-1)?.content ?? null, content),
      teachers,
    });
  }
  return versions;
}

/** The version in force on `date` (YYYY-MM-DD): the latest whose effective date is on or before it; null if none. */
export function versionInForce(events: readonly EventEnvelope[], date: string): PlanVersionRecord | null {
  return planVersionsOf(events).filter((version) => version.effectiveDate <= date).at(-1) ?? null;
}

/** When each teacher acknowledged which version: `${version}:${userId}` → the instant. */
/** Everyone who acknowledged any version of the plans these events belong to. */
export function acknowledgers(events: readonly EventEnvelope[]): Set<string> {
  const people = new Set<string>();
  for (const event of events) if (isPlanEvent(event) && event.type === 'PlanVersionAcknowledged') people.add(event.data.userId);
  return people;
}

export function acknowledgementTimes(events: readonly EventEnvelope[]): Map<string, string> {
  const times = new Map<string, string>();
  for (const event of events) {
    if (!isPlanEvent(event) || event.type !== 'PlanVersionAcknowledged') continue;
    const key = acknowledgementKey(event.data.version, event.data.userId);
    if (!times.has(key)) times.set(key, event.occurredAt);
  }
  return times;
}
