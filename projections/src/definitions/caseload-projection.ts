import type { EventEnvelope } from '@accommodate/shared-events/events/envelope';
import type { AccommodationEvent } from '@accommodate/shared-events/events/accommodation-events';
import type { StudentEvent } from '@accommodate/shared-events/events/student-events';
import type { PlanEvent } from '@accommodate/shared-events/events/plan-events';
import type { DocumentEvent } from '@accommodate/shared-events/events/document-events';
import { categoryOf } from '@accommodate/shared-events/config/accommodation-categories';
import { DOCUMENT_TYPES, type StudentDocument } from '@accommodate/shared-events/schemas/document';
import type { Plan } from '@accommodate/shared-events/schemas/plan';
import { displayName, type Student, type StudentAccommodation } from '@accommodate/shared-events/schemas/student';
import type { ShareRole, StudentAccessRole } from '@accommodate/shared-events/schemas/share';
import type { ChangeMessage } from '@accommodate/shared-events/schemas/change-message';
import type { Projection, ProjectionContext } from './projection.ts';
import { DOCUMENTS, PLANS, SHARES, STUDENTS } from './caseload-collections.ts';

/** The caseload's own copy of the library, since a projection reads only its own collections. */
export const CASELOAD_ACCOMMODATIONS = 'caseload-accommodations';

/**
 * Who may see and who may change a record: the owner and the grantees of active shares.
 * A projection has no clock, so an expiry date is kept in `roles` and checked by the API.
 */
export interface Audience {
  viewerIds: string[];
  editorIds: string[];
}

/** How one user reaches the student. */
export interface StudentRoleEntry {
  role: StudentAccessRole;
  /** Last day of access (YYYY-MM-DD) or null. */
  expiresAt: string | null;
  /** Who granted it; null for the owner. */
  sharedById: string | null;
}

export type StudentDoc = Omit<Student, 'access' | 'sharedBy'> &
  Audience & { accommodations: StudentAccommodation[]; roles: Record<string, StudentRoleEntry> };
export type PlanDoc = Plan & { viewerIds: string[] };
/** Documents are private: substitutes are not among their viewers. */
export type DocumentDoc = StudentDocument & { viewerIds: string[]; sha256: string; revision: number };

export interface ShareDoc {
  id: string;
  studentId: string;
  email: string;
  role: ShareRole;
  status: 'active' | 'pending' | 'expired';
  expiresAt: string | null;
  granteeUserId: string | null;
  grantedById: string;
  createdAt: string;
  updatedAt: string;
  /** The student stream's revision that last touched the share. */
  revision: number;
}

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
      roles: { [ownerId]: { role: 'owner', expiresAt: null, sharedById: null } },
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
      for (const share of await context.find<ShareDoc>(SHARES, { studentId: id })) context.delete(SHARES, share.id);
      break;
    }
    case 'StudentShared':
    case 'ShareActivated':
    case 'ShareRevoked':
    case 'ShareExpired':
      return applyShareEvent(event, envelope, existing, context);
  }
  announce(context, envelope, { entity: 'student', id, studentId: id, revision: envelope.revision }, existing.viewerIds);
}

/** Viewers and editors from the owner and the student's active shares; roles say how each reaches it. */
function audienceOf(ownerId: string, shares: readonly ShareDoc[]): Audience & { roles: Record<string, StudentRoleEntry> } {
  const roles: Record<string, StudentRoleEntry> = {};
  for (const share of shares) {
    if (share.status !== 'active' || share.granteeUserId === null || share.granteeUserId === ownerId) continue;
    roles[share.granteeUserId] = { role: share.role, expiresAt: share.expiresAt, sharedById: share.grantedById };
  }
  roles[ownerId] = { role: 'owner', expiresAt: null, sharedById: null };
  const viewerIds = [ownerId, ...Object.keys(roles).filter((userId) => userId !== ownerId)];
  const editorIds = viewerIds.filter((userId) => roles[userId]?.role === 'owner' || roles[userId]?.role === 'co-teacher');
  return { viewerIds, editorIds, roles };
}

/** Parent information, notes and documents are kept from substitutes. */
export const privateViewerIds = (student: Pick<StudentDoc, 'viewerIds' | 'roles'>): string[] =>
  student.viewerIds.filter((userId) => student.roles[userId]?.role !== 'substitute');

type ShareEvent = Extract<StudentEvent, { type: 'StudentShared' | 'ShareActivated' | 'ShareRevoked' | 'ShareExpired' }>;

async function applyShareEvent(event: ShareEvent, envelope: EventEnvelope, student: StudentDoc, context: ProjectionContext): Promise<void> {
  const { shareId, studentId } = event.data;
  const share = await context.get<ShareDoc>(SHARES, shareId);
  if (event.type === 'StudentShared') {
    const { role, expiresAt, grantedBy, granteeUserId, email } = event.data;
    context.put<ShareDoc>(SHARES, {
      id: shareId,
      studentId,
      email,
      role,
      status: granteeUserId === null ? 'pending' : 'active',
      expiresAt,
      granteeUserId,
      grantedById: grantedBy,
      createdAt: share?.createdAt ?? envelope.occurredAt,
      updatedAt: envelope.occurredAt,
      revision: envelope.revision,
    });
  } else if (share) {
    if (event.type === 'ShareRevoked') context.delete(SHARES, shareId);
    else if (event.type === 'ShareExpired') context.put<ShareDoc>(SHARES, { ...share, status: 'expired', revision: envelope.revision });
    else context.put<ShareDoc>(SHARES, { ...share, status: 'active', granteeUserId: event.data.granteeUserId, revision: envelope.revision });
  }

  const audience = audienceOf(student.ownerId, await context.find<ShareDoc>(SHARES, { studentId }));
  const next: StudentDoc = { ...student, ...audience, revision: envelope.revision };
  context.put<StudentDoc>(STUDENTS, next);
  for (const plan of await context.find<PlanDoc>(PLANS, { studentId })) context.put<PlanDoc>(PLANS, { ...plan, viewerIds: next.viewerIds });
  const documentViewers = privateViewerIds(next);
  for (const document of await context.find<DocumentDoc>(DOCUMENTS, { studentId })) {
    context.put<DocumentDoc>(DOCUMENTS, { ...document, viewerIds: documentViewers });
  }
  // Old and new viewers alike: someone who just lost access must hear of it to refetch (and get 404).
  const everyone = [...new Set([...student.viewerIds, ...next.viewerIds])];
  announce(context, envelope, { entity: 'share', id: shareId, studentId, revision: envelope.revision }, everyone);
  announce(context, envelope, { entity: 'student', id: studentId, studentId, revision: envelope.revision }, everyone);
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
      viewerIds: privateViewerIds(student),
    });
    announce(context, envelope, { entity: 'document', id, studentId, revision: envelope.revision }, privateViewerIds(student));
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

const STUDENT_EVENT_TYPES = new Set([
  'StudentAdded',
  'StudentDetailsUpdated',
  'StudentAccommodationsChanged',
  'StudentDeleted',
  'StudentShared',
  'ShareActivated',
  'ShareRevoked',
  'ShareExpired',
]);
const PLAN_EVENT_TYPES = new Set(['PlanCreated', 'PlanUpdated']);
const DOCUMENT_EVENT_TYPES = new Set(['DocumentUploaded', 'DocumentRemoved']);
const ACCOMMODATION_EVENT_TYPES = new Set(['AccommodationAdded', 'AccommodationUpdated', 'AccommodationRemoved']);

/** Students, their plans and documents, as GET /api/students, /api/plans and the documents tab read them. */
export const caseloadProjection: Projection = {
  name: 'caseload',
  // 2: shares (issue 4): roles on students, the shares collection, documents kept from substitutes.
  version: 2,
  collections: [STUDENTS, PLANS, DOCUMENTS, SHARES, CASELOAD_ACCOMMODATIONS],
  handles: [...STUDENT_EVENT_TYPES, ...PLAN_EVENT_TYPES, ...DOCUMENT_EVENT_TYPES, ...ACCOMMODATION_EVENT_TYPES],
  async apply(envelope, context) {
    const type = envelope.type;
    if (STUDENT_EVENT_TYPES.has(type)) return applyStudentEvent(envelope as unknown as StudentEvent, envelope, context);
    if (PLAN_EVENT_TYPES.has(type)) return applyPlanEvent(envelope as unknown as PlanEvent, envelope, context);
    if (DOCUMENT_EVENT_TYPES.has(type)) return applyDocumentEvent(envelope as unknown as DocumentEvent, envelope, context);
    if (ACCOMMODATION_EVENT_TYPES.has(type)) return applyAccommodationEvent(envelope as unknown as AccommodationEvent, envelope, context);
  },
};
