import type { EventEnvelope } from '@accommodate/shared-events/events/envelope';
import type { AccommodationEvent } from '@accommodate/shared-events/events/accommodation-events';
import type { StudentEvent } from '@accommodate/shared-events/events/student-events';
import type { PlanEvent } from '@accommodate/shared-events/events/plan-events';
import type { DocumentEvent } from '@accommodate/shared-events/events/document-events';
import { categoryOf } from '@accommodate/shared-events/config/accommodation-categories';
import { DOCUMENT_TYPES, type StudentDocument } from '@accommodate/shared-events/schemas/document';
import type { Plan } from '@accommodate/shared-events/schemas/plan';
import { displayName, type Student, type StudentAccommodation } from '@accommodate/shared-events/schemas/student';
import type { ChangeMessage } from '@accommodate/shared-events/schemas/api-error';
import type { Projection, ProjectionContext } from './projection.ts';
import { DOCUMENTS, PLANS, STUDENTS } from './caseload-collections.ts';

/** The caseload's own copy of the library, since a projection reads only its own collections. */
export const CASELOAD_ACCOMMODATIONS = 'caseload-accommodations';

/** Who may see and who may change a record; only the owner for now, co-teachers later. */
export interface Audience {
  viewerIds: string[];
  editorIds: string[];
}

export type StudentDoc = Student & Audience & { accommodations: StudentAccommodation[] };
export type PlanDoc = Plan & { viewerIds: string[] };
export type DocumentDoc = StudentDocument & { viewerIds: string[]; sha256: string; revision: number };

export interface CaseloadAccommodationDoc {
  id: string;
  name: string;
  category: string | null;
  description: string | null;
}

/** Assignments made through the form are active; other statuses are shown as given (spec section 4). */
const ASSIGNED_STATUS = 'active';

function assignedAccommodation(accommodation: CaseloadAccommodationDoc): StudentAccommodation {
  return {
    id: accommodation.id,
    name: accommodation.name,
    // Spec: an accommodation without a category falls back to the one derived from its name.
    category: categoryOf(accommodation),
    description: accommodation.description,
    status: ASSIGNED_STATUS,
  };
}

/** The assigned ids the library still holds, in assignment order; removed library entries drop out. */
async function resolveAccommodations(
  context: ProjectionContext,
  ids: readonly string[],
): Promise<{ accommodationIds: string[]; accommodations: StudentAccommodation[] }> {
  const accommodationIds: string[] = [];
  const accommodations: StudentAccommodation[] = [];
  for (const id of ids) {
    const accommodation = await context.get<CaseloadAccommodationDoc>(CASELOAD_ACCOMMODATIONS, id);
    if (!accommodation) continue;
    accommodationIds.push(id);
    accommodations.push(assignedAccommodation(accommodation));
  }
  return { accommodationIds, accommodations };
}

const announce = (context: ProjectionContext, envelope: EventEnvelope, message: Omit<ChangeMessage, 'actorId'>, audience: readonly string[]) =>
  context.announce({ message: { ...message, actorId: envelope.actor.userId }, audience });

/** A redelivered or older event of the stream is skipped, so replays after a reconnect are harmless. */
const alreadyApplied = (doc: { revision: number } | null, envelope: EventEnvelope) =>
  doc !== null && envelope.revision <= doc.revision;

async function applyStudentEvent(event: StudentEvent, envelope: EventEnvelope, context: ProjectionContext): Promise<void> {
  const id = event.data.studentId;
  const existing = await context.get<StudentDoc>(STUDENTS, id);
  if (alreadyApplied(existing, envelope)) return;

  if (event.type === 'StudentAdded') {
    if (existing) return;
    const { studentId, ownerId, ...details } = event.data;
    context.put<StudentDoc>(STUDENTS, {
      id: studentId,
      ownerId,
      ...details,
      name: displayName(details),
      accommodationIds: [],
      accommodations: [],
      createdAt: envelope.occurredAt,
      updatedAt: envelope.occurredAt,
      revision: envelope.revision,
      viewerIds: [ownerId],
      editorIds: [ownerId],
    });
    announce(context, envelope, { entity: 'student', id, studentId: id, revision: envelope.revision }, [ownerId]);
    return;
  }
  if (!existing) return;

  switch (event.type) {
    case 'StudentDetailsUpdated': {
      const next: StudentDoc = { ...existing, updatedAt: envelope.occurredAt, revision: envelope.revision };
      for (const [field, value] of Object.entries(event.data.changes)) {
        if (value !== undefined) (next as unknown as Record<string, unknown>)[field] = value;
      }
      next.name = displayName(next);
      context.put<StudentDoc>(STUDENTS, next);
      break;
    }
    case 'StudentAccommodationsChanged': {
      const removed = new Set(event.data.removed);
      const ids = existing.accommodationIds.filter((assigned) => !removed.has(assigned));
      for (const added of event.data.added) if (!ids.includes(added)) ids.push(added);
      context.put<StudentDoc>(STUDENTS, {
        ...existing,
        ...(await resolveAccommodations(context, ids)),
        updatedAt: envelope.occurredAt,
        revision: envelope.revision,
      });
      break;
    }
    case 'StudentDeleted': {
      context.delete(STUDENTS, id);
      for (const plan of await context.find<PlanDoc>(PLANS, { studentId: id })) context.delete(PLANS, plan.id);
      for (const document of await context.find<DocumentDoc>(DOCUMENTS, { studentId: id })) context.delete(DOCUMENTS, document.id);
      break;
    }
  }
  announce(context, envelope, { entity: 'student', id, studentId: id, revision: envelope.revision }, existing.viewerIds);
}

async function applyPlanEvent(event: PlanEvent, envelope: EventEnvelope, context: ProjectionContext): Promise<void> {
  const id = event.data.planId;
  const existing = await context.get<PlanDoc>(PLANS, id);
  if (alreadyApplied(existing, envelope)) return;
  // A plan written while its student was being deleted has nowhere to show.
  const student = await context.get<StudentDoc>(STUDENTS, event.data.studentId);
  if (!student) return;

  let next: PlanDoc;
  if (event.type === 'PlanCreated') {
    if (existing) return;
    const { planId, ...fields } = event.data;
    next = { id: planId, ...fields, lastUpdated: envelope.occurredAt, revision: envelope.revision, viewerIds: student.viewerIds };
  } else {
    if (!existing) return;
    next = { ...existing, lastUpdated: envelope.occurredAt, revision: envelope.revision, viewerIds: student.viewerIds };
    for (const [field, value] of Object.entries(event.data.changes)) {
      if (value !== undefined) (next as unknown as Record<string, unknown>)[field] = value;
    }
  }
  context.put<PlanDoc>(PLANS, next);
  announce(context, envelope, { entity: 'plan', id, studentId: next.studentId, revision: envelope.revision }, next.viewerIds);
}

async function applyDocumentEvent(event: DocumentEvent, envelope: EventEnvelope, context: ProjectionContext): Promise<void> {
  const id = event.data.documentId;
  const existing = await context.get<DocumentDoc>(DOCUMENTS, id);
  if (alreadyApplied(existing, envelope)) return;

  if (event.type === 'DocumentUploaded') {
    const student = await context.get<StudentDoc>(STUDENTS, event.data.studentId);
    if (existing || !student) return;
    const { documentId, studentId, name, mimeType, size, sha256 } = event.data;
    context.put<DocumentDoc>(DOCUMENTS, {
      id: documentId,
      studentId,
      name,
      type: DOCUMENT_TYPES[mimeType as keyof typeof DOCUMENT_TYPES] ?? 'File',
      mimeType,
      size,
      sha256,
      createdAt: envelope.occurredAt,
      revision: envelope.revision,
      viewerIds: student.viewerIds,
    });
    announce(context, envelope, { entity: 'document', id, studentId, revision: envelope.revision }, student.viewerIds);
    return;
  }
  if (!existing) return;
  context.delete(DOCUMENTS, id);
  announce(context, envelope, { entity: 'document', id, studentId: existing.studentId, revision: envelope.revision }, existing.viewerIds);
}

/** Library changes: keep the private copy, and refresh the names shown on every student that has it. */
async function applyAccommodationEvent(event: AccommodationEvent, envelope: EventEnvelope, context: ProjectionContext): Promise<void> {
  const id = event.data.accommodationId;
  if (event.type === 'AccommodationAdded' || event.type === 'AccommodationUpdated') {
    const { name, category, description } = event.data;
    context.put<CaseloadAccommodationDoc>(CASELOAD_ACCOMMODATIONS, { id, name, category, description });
  } else {
    context.delete(CASELOAD_ACCOMMODATIONS, id);
  }
  if (event.type === 'AccommodationAdded') return;

  for (const student of await context.find<StudentDoc>(STUDENTS, { accommodationIds: id })) {
    context.put<StudentDoc>(STUDENTS, { ...student, ...(await resolveAccommodations(context, student.accommodationIds)) });
    announce(context, envelope, { entity: 'student', id: student.id, studentId: student.id, revision: student.revision }, student.viewerIds);
  }
}

const STUDENT_EVENT_TYPES = new Set(['StudentAdded', 'StudentDetailsUpdated', 'StudentAccommodationsChanged', 'StudentDeleted']);
const PLAN_EVENT_TYPES = new Set(['PlanCreated', 'PlanUpdated']);
const DOCUMENT_EVENT_TYPES = new Set(['DocumentUploaded', 'DocumentRemoved']);
const ACCOMMODATION_EVENT_TYPES = new Set(['AccommodationAdded', 'AccommodationUpdated', 'AccommodationRemoved']);

/** Students, their plans and documents, as GET /api/students, /api/plans and the documents tab read them. */
export const caseloadProjection: Projection = {
  name: 'caseload',
  version: 1,
  collections: [STUDENTS, PLANS, DOCUMENTS, CASELOAD_ACCOMMODATIONS],
  handles: [...STUDENT_EVENT_TYPES, ...PLAN_EVENT_TYPES, ...DOCUMENT_EVENT_TYPES, ...ACCOMMODATION_EVENT_TYPES],
  async apply(envelope, context) {
    const type = envelope.type;
    if (STUDENT_EVENT_TYPES.has(type)) return applyStudentEvent(envelope as unknown as StudentEvent, envelope, context);
    if (PLAN_EVENT_TYPES.has(type)) return applyPlanEvent(envelope as unknown as PlanEvent, envelope, context);
    if (DOCUMENT_EVENT_TYPES.has(type)) return applyDocumentEvent(envelope as unknown as DocumentEvent, envelope, context);
    if (ACCOMMODATION_EVENT_TYPES.has(type)) return applyAccommodationEvent(envelope as unknown as AccommodationEvent, envelope, context);
  },
};
