import { SIS_ACTOR, type EventEnvelope } from '../../events/envelope.ts';
import { IMPORTED_FROM_SIS } from '../../schemas/record-display.ts';
import type { PlanEvent } from '../../events/plan-events.ts';
import type { EnvelopeOf } from '../event-types.ts';
import { STUDENT_DETAIL_FIELDS, type StudentDetailField } from '../../schemas/student.ts';
import { RESTRICTED_RECORD_FIELDS } from '../../schemas/plan-record.ts';
import { recordHistoryChanges } from '../plan/plan-record.ts';
import { isDocumentEvent } from '../document/document.ts';
import { evolvePlan, initialPlanState, isPlanEvent, type PlanFields, type PlanState } from '../plan/plan.ts';
import { evolveStudent, initialStudentState, isStudentEvent, type StudentState } from './student.ts';

export type HistoryEntity = 'student' | 'plan' | 'document' | 'share';

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface HistoryEntry {
  at: string;
  actor: { id: string; name: string };
  kind: string;
  entity: HistoryEntity;
  entityId: string;
  changes: FieldChange[];
}

/** Names the history shows for ids it holds: people, and library accommodations as they were named at `at`. */
export interface HistoryNames {
  person: (userId: string) => string;
  /** A school by its id, as it is named now. */
  school: (schoolId: string) => string;
  accommodation: (accommodationId: string, at: string) => string;
}

type Fields<K extends string> = Partial<Readonly<Record<K, unknown>>>;

const PLAN_FIELDS = ['startDate', 'reviewDate', 'status', 'meetingDate', 'caseManager'] as const;
const SHARE_FIELDS = ['email', 'role', 'expiresAt'] as const;

/** Field-by-field changes between two states, in a fixed field order; equal values are left out. */
function diff<K extends string>(fields: readonly K[], before: Fields<K>, after: Fields<K>): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const was = before[field] ?? null;
    const now = after[field] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(now)) changes.push({ field, before: was, after: now });
  }
  return changes;
}

const detailsOf = (state: StudentState): Fields<StudentDetailField> => (state.status === 'present' ? state.details : {});
const assignedIn = (state: StudentState): readonly string[] => (state.status === 'present' ? state.accommodationIds : []);
const planFieldsOf = (state: PlanState): Fields<keyof PlanFields> => (state.status === 'present' ? state.fields : {});
const recordOf = (state: PlanState) => (state.status === 'present' ? state.record : null);

interface Entry {
  envelope: EventEnvelope;
  kind: string;
  entity: HistoryEntity;
  entityId: string;
  changes: FieldChange[];
}

/** The student stream's entries: each event against the state just before it, folded with `evolveStudent`. */
function studentEntries(stream: readonly EventEnvelope[], names: HistoryNames): Entry[] {
  const entries: Entry[] = [];
  let student = initialStudentState();
  const shares = new Map<string, Fields<(typeof SHARE_FIELDS)[number]>>();
  for (const envelope of stream) {
    if (!isStudentEvent(envelope)) continue;
    const before = student;
    student = evolveStudent(student, envelope);
    const id = envelope.data.studentId;
    const push = (kind: string, entity: HistoryEntity, entityId: string, changes: FieldChange[]) => entries.push({ envelope, kind, entity, entityId, changes });
    switch (envelope.type) {
      case 'StudentAdded':
        push(envelope.actor.userId === SIS_ACTOR.userId ? IMPORTED_FROM_SIS : 'Student added', 'student', id, diff(STUDENT_DETAIL_FIELDS, {}, detailsOf(student)));
        break;
      case 'StudentDetailsUpdated': {
        const changes = diff(STUDENT_DETAIL_FIELDS, detailsOf(before), detailsOf(student));
        if (changes.length > 0) push('Details changed', 'student', id, changes);
        break;
      }
      case 'StudentAccommodationsChanged': {
        // Named as they read at the change, not as the library names them now.
        const named = (ids: readonly string[]) => ids.map((accommodationId) => names.accommodation(accommodationId, envelope.occurredAt));
        push('Accommodations changed', 'student', id, [{ field: 'accommodations', before: named(assignedIn(before)), after: named(assignedIn(student)) }]);
        break;
      }
      case 'StudentShared': {
        const { shareId } = envelope.data;
        push(shares.has(shareId) ? 'Share changed' : 'Share granted', 'share', shareId, diff(SHARE_FIELDS, shares.get(shareId) ?? {}, envelope.data));
        shares.set(shareId, envelope.data);
        break;
      }
      case 'ShareActivated':
        push('Share accepted', 'share', envelope.data.shareId, []);
        break;
      case 'ShareRevoked':
        push('Share revoked', 'share', envelope.data.shareId, []);
        break;
      case 'ShareExpired':
        push('Share expired', 'share', envelope.data.shareId, []);
        break;
      case 'StudentOwnershipTransferred': {
        const { fromUserId, toUserId } = envelope.data;
        push('Owner changed', 'student', id, [{ field: 'owner', before: names.person(fromUserId), after: names.person(toUserId) }]);
        break;
      }
      case 'StudentHandedOver': {
        const { fromUserId, toUserId, reason } = envelope.data;
        const kind = reason === 'left-school' ? 'Owner changed (left the school)' : 'Owner changed (account deleted)';
        push(kind, 'student', id, [{ field: 'owner', before: names.person(fromUserId), after: names.person(toUserId) }]);
        break;
      }
      case 'StudentPromoted':
        push(`Promoted (year-end rollover ${envelope.data.schoolYear})`, 'student', id, [{ field: 'grade', before: envelope.data.fromGrade, after: envelope.data.toGrade }]);
        break;
      case 'StudentGraduated':
        push(`Graduated (year-end rollover ${envelope.data.schoolYear})`, 'student', id, diff(STUDENT_DETAIL_FIELDS, detailsOf(before), detailsOf(student)));
        break;
      case 'StudentMovedUp':
        push(`Moved up and left the school after grade ${envelope.data.fromGrade} (year-end rollover ${envelope.data.schoolYear})`, 'student', id, diff(STUDENT_DETAIL_FIELDS, detailsOf(before), detailsOf(student)));
        break;
      case 'StudentSchoolChanged': {
        const { fromSchoolId, toSchoolId } = envelope.data;
        push('School changed', 'student', id, [{ field: 'school', before: fromSchoolId === null ? null : names.school(fromSchoolId), after: names.school(toSchoolId) }]);
        break;
      }
      case 'StudentCaseManagerAssigned': {
        const was = before.status === 'present' ? before.caseManagerId : null;
        const name = (userId: string | null) => (userId === null ? null : names.person(userId));
        push('Case manager assigned', 'student', id, [{ field: 'caseManager', before: name(was), after: name(envelope.data.caseManagerId) }]);
        break;
      }
      case 'StudentDeleted':
        push('Student deleted', 'student', id, []);
        break;
      case 'StudentLegalHoldPlaced':
        push('Legal hold placed', 'student', id, [{ field: 'legalHold', before: null, after: envelope.data.reason }]);
        break;
      case 'StudentLegalHoldLifted':
        push('Legal hold lifted', 'student', id, [{ field: 'legalHold', before: before.status === 'present' ? (before.legalHold?.reason ?? null) : null, after: null }]);
        break;
      case 'StudentArchived':
        push('Archived (Premium ended)', 'student', id, []);
        break;
      case 'StudentRestored':
        push('Restored (Premium again)', 'student', id, []);
        break;
    }
  }
  return entries;
}

/** 'Version 2', as the plan page and its signed versions number them. */
const versionName = (version: number): string => `Version ${version}`;

/** What signing and acknowledging say in the history: which version, in force from when, why, and who acknowledged it. */
function versionChanges(envelope: EnvelopeOf<PlanEvent>, names: HistoryNames): FieldChange[] {
  switch (envelope.type) {
    case 'PlanFinalised':
      return [
        { field: 'version', before: null, after: versionName(envelope.data.version) },
        { field: 'effectiveDate', before: null, after: envelope.data.effectiveDate },
      ];
    case 'PlanAmended':
      return [
        { field: 'version', before: versionName(envelope.data.version - 1), after: versionName(envelope.data.version) },
        { field: 'reason', before: null, after: envelope.data.reason },
        { field: 'effectiveDate', before: null, after: envelope.data.effectiveDate },
      ];
    case 'PlanVersionAcknowledged':
      return [
        { field: 'version', before: null, after: versionName(envelope.data.version) },
        { field: 'acknowledgedBy', before: null, after: names.person(envelope.data.userId) },
      ];
    default:
      return [];
  }
}

/** What a plan event that changed something is called in the history. */
function planKind(envelope: EnvelopeOf<PlanEvent>): string {
  switch (envelope.type) {
    case 'PlanCreated':
      return 'Plan created';
    case 'PlanReviewScheduled':
      return `Review scheduled (year-end rollover ${envelope.data.schoolYear})`;
    case 'PlanRecordUpdated':
      return 'Plan record updated';
    case 'PlanFinalised':
      return 'Plan finalised';
    case 'PlanAmended':
      return 'Plan amended';
    case 'PlanVersionAcknowledged':
      return 'Plan acknowledged';
    default:
      return 'Plan updated';
  }
}

/**
 * A plan stream's entries: its creation, each update that changed a field, and each change of its record
 * (the record's fields, and each accommodation's specifics under its name then), folded with `evolvePlan`. A record
 * saved unchanged is still an entry: someone saved it.
 */
function planEntries(stream: readonly EventEnvelope[], names: HistoryNames): Entry[] {
  const entries: Entry[] = [];
  let plan = initialPlanState();
  for (const envelope of stream) {
    if (!isPlanEvent(envelope)) continue;
    const before = plan;
    plan = evolvePlan(plan, envelope);
    const nameOf = (accommodationId: string) => names.accommodation(accommodationId, envelope.occurredAt);
    const changes = [...versionChanges(envelope, names), ...diff(PLAN_FIELDS, planFieldsOf(before), planFieldsOf(plan)), ...recordHistoryChanges(recordOf(before), recordOf(plan), nameOf)];
    if (envelope.type === 'PlanCreated' || envelope.type === 'PlanRecordUpdated' || changes.length > 0) {
      entries.push({ envelope, kind: planKind(envelope), entity: 'plan', entityId: envelope.data.planId, changes });
    }
  }
  return entries;
}

/** A document stream's entries: its upload and removal, by name. */
function documentEntries(stream: readonly EventEnvelope[]): Entry[] {
  const entries: Entry[] = [];
  let name: string | null = null;
  for (const envelope of stream) {
    if (!isDocumentEvent(envelope)) continue;
    const entityId = envelope.data.documentId;
    if (envelope.type === 'DocumentUploaded') {
      name = envelope.data.name;
      entries.push({ envelope, kind: 'Document uploaded', entity: 'document', entityId, changes: [{ field: 'name', before: null, after: name }] });
    } else {
      entries.push({ envelope, kind: 'Document deleted', entity: 'document', entityId, changes: [{ field: 'name', before: name, after: null }] });
    }
  }
  return entries;
}

/**
 * Every change to a student, its plans and documents, newest first, by replaying their
 * streams: each event is compared with the state just before it.
 */
export function buildHistory(
  streams: { student: readonly EventEnvelope[]; plans: readonly (readonly EventEnvelope[])[]; documents: readonly (readonly EventEnvelope[])[] },
  names: HistoryNames,
): HistoryEntry[] {
  const entries = [...studentEntries(streams.student, names), ...streams.plans.flatMap((stream) => planEntries(stream, names)), ...streams.documents.flatMap(documentEntries)];
  // Newest first; within one instant, the later position first.
  entries.sort((a, b) => b.envelope.occurredAt.localeCompare(a.envelope.occurredAt) || (b.envelope.position > a.envelope.position ? 1 : -1));
  return entries.map(({ envelope, kind, entity, entityId, changes }) => ({
    at: envelope.occurredAt,
    actor: { id: envelope.actor.userId, name: names.person(envelope.actor.userId) },
    kind,
    entity,
    entityId,
    changes,
  }));
}

/** Every accommodation id a student stream mentions, for the names its history shows. */
export const accommodationsMentioned = (stream: readonly EventEnvelope[]): string[] =>
  stream.filter(isStudentEvent).flatMap((event) => (event.type === 'StudentAccommodationsChanged' ? [...event.data.added, ...event.data.removed] : []));

/**
 * The history as a reader may see it: without the plan record's impairment, life activities and consent unless they
 * may 'see-plan-record'. Their entry stays, saying only that the plan record changed.
 */
export const historyFor = (history: readonly HistoryEntry[], seesPlanRecord: boolean): HistoryEntry[] =>
  seesPlanRecord
    ? [...history]
    : history.map((entry) => (entry.entity === 'plan' ? { ...entry, changes: entry.changes.filter((change) => !RESTRICTED_RECORD_FIELDS.includes(change.field)) } : entry));
