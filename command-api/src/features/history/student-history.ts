import type { EventEnvelope } from '@accommodate/shared-events/events/envelope';

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

/** Names the history shows for ids it holds: people, and library accommodations. */
export interface HistoryNames {
  person(userId: string): string;
  accommodation(accommodationId: string): string;
}

type Data = Record<string, unknown>;

const STUDENT_FIELDS = ['firstName', 'lastInitial', 'grade', 'status', 'birthdate', 'parentName', 'parentEmail', 'parentNotes', 'notes'];
const PLAN_FIELDS = ['startDate', 'reviewDate', 'status', 'meetingDate', 'caseManager'];

/** Field-by-field changes between two states, in a fixed field order; equal values are left out. */
function diff(fields: readonly string[], before: Data, after: Data): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const was = before[field] ?? null;
    const now = after[field] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(now)) changes.push({ field, before: was, after: now });
  }
  return changes;
}

const applyChanges = (state: Data, changes: unknown): Data => {
  const next = { ...state };
  for (const [field, value] of Object.entries((changes ?? {}) as Data)) if (value !== undefined) next[field] = value;
  return next;
};

/**
 * Every change to a student, its plans and documents, newest first, by replaying their
 * streams: each event is compared with the state just before it.
 */
export function buildHistory(
  streams: { student: readonly EventEnvelope[]; plans: readonly (readonly EventEnvelope[])[]; documents: readonly (readonly EventEnvelope[])[] },
  names: HistoryNames,
): HistoryEntry[] {
  const entries: { envelope: EventEnvelope; kind: string; entity: HistoryEntity; entityId: string; changes: FieldChange[] }[] = [];

  let student: Data = {};
  let accommodationIds: string[] = [];
  const shares = new Map<string, Data>();
  for (const envelope of streams.student) {
    const data = envelope.data as Data;
    const id = String(data.studentId);
    const push = (kind: string, entity: HistoryEntity, entityId: string, changes: FieldChange[]) =>
      entries.push({ envelope, kind, entity, entityId, changes });
    switch (envelope.type) {
      case 'StudentAdded': {
        push('Student added', 'student', id, diff(STUDENT_FIELDS, {}, data));
        student = data;
        break;
      }
      case 'StudentDetailsUpdated': {
        const next = applyChanges(student, data.changes);
        const changes = diff(STUDENT_FIELDS, student, next);
        if (changes.length > 0) push('Details changed', 'student', id, changes);
        student = next;
        break;
      }
      case 'StudentAccommodationsChanged': {
        const removed = new Set(data.removed as string[]);
        const next = accommodationIds.filter((a) => !removed.has(a));
        for (const added of data.added as string[]) if (!next.includes(added)) next.push(added);
        push('Accommodations changed', 'student', id, [
          { field: 'accommodations', before: accommodationIds.map(names.accommodation), after: next.map(names.accommodation) },
        ]);
        accommodationIds = next;
        break;
      }
      case 'StudentShared': {
        const shareId = String(data.shareId);
        const before = shares.get(shareId) ?? {};
        push(shares.has(shareId) ? 'Share changed' : 'Share granted', 'share', shareId, diff(['email', 'role', 'expiresAt'], before, data));
        shares.set(shareId, data);
        break;
      }
      case 'ShareActivated':
        push('Share accepted', 'share', String(data.shareId), []);
        break;
      case 'ShareRevoked':
        push('Share revoked', 'share', String(data.shareId), []);
        break;
      case 'ShareExpired':
        push('Share expired', 'share', String(data.shareId), []);
        break;
      case 'StudentDeleted':
        push('Student deleted', 'student', id, []);
        break;
    }
  }

  for (const stream of streams.plans) {
    let plan: Data = {};
    for (const envelope of stream) {
      const data = envelope.data as Data;
      const next = envelope.type === 'PlanCreated' ? data : applyChanges(plan, data.changes);
      const changes = diff(PLAN_FIELDS, plan, next);
      if (envelope.type === 'PlanCreated' || changes.length > 0) {
        entries.push({ envelope, kind: envelope.type === 'PlanCreated' ? 'Plan created' : 'Plan updated', entity: 'plan', entityId: String(data.planId), changes });
      }
      plan = next;
    }
  }

  for (const stream of streams.documents) {
    let name: unknown = null;
    for (const envelope of stream) {
      const data = envelope.data as Data;
      if (envelope.type === 'DocumentUploaded') {
        name = data.name;
        entries.push({ envelope, kind: 'Document uploaded', entity: 'document', entityId: String(data.documentId), changes: [{ field: 'name', before: null, after: name }] });
      } else if (envelope.type === 'DocumentRemoved') {
        entries.push({ envelope, kind: 'Document removed', entity: 'document', entityId: String(data.documentId), changes: [{ field: 'name', before: name, after: null }] });
      }
    }
  }

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
