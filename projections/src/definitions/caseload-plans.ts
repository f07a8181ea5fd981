import type { PlanEvent } from '@accommodate/shared-events/events/plan-events';
import type { DocumentEvent } from '@accommodate/shared-events/events/document-events';
import type { EnvelopeOf } from '@accommodate/shared-events/domain/event-types';
import { awaitingAfter } from '@accommodate/shared-events/domain/plan/awaiting-acknowledgement';
import { DRAFT, evolvePlan, initialPlanState, type PlanState } from '@accommodate/shared-events/domain/plan/plan';
import { DOCUMENT_TYPES } from '@accommodate/shared-events/schemas/document';
import { DOCUMENTS, PLANS, privateViewerIds, STUDENTS, type DocumentDoc, type PlanDoc, type StudentDoc } from '../queries/caseload-schema.ts';
import type { ProjectionContext } from './projection.ts';
import { alreadyApplied, announce } from './caseload-changes.ts';

/** The read model's plan as the domain's state, so the one `evolvePlan` decides what an event changes. */
const stateOf = ({ studentId, startDate, reviewDate, status, meetingDate, caseManager, record, version, effectiveDate, acknowledged }: PlanDoc): PlanState => ({
  status: 'present',
  studentId,
  fields: { startDate, reviewDate, status, meetingDate, caseManager },
  record: record ?? null,
  version: version ?? DRAFT.version,
  effectiveDate: effectiveDate ?? DRAFT.effectiveDate,
  acknowledged: acknowledged ?? DRAFT.acknowledged,
});

/** A plan is seen by its student's viewers. */
export async function applyPlanEvent(event: EnvelopeOf<PlanEvent>, context: ProjectionContext): Promise<void> {
  const id = event.data.planId;
  const existing = await context.get<PlanDoc>(PLANS, id);
  if (alreadyApplied(existing, event)) return;
  // A plan written while its student was being deleted has nowhere to show.
  const student = await context.get<StudentDoc>(STUDENTS, event.data.studentId);
  if (!student) return;
  if (event.type === 'PlanCreated' ? existing : !existing) return;

  const plan = evolvePlan(existing ? stateOf(existing) : initialPlanState(), event);
  if (plan.status !== 'present') return;
  const { record: _record, ...kept } = existing ?? { id, record: undefined };
  const next: PlanDoc = {
    ...kept,
    studentId: plan.studentId,
    ...plan.fields,
    // An acknowledgement is no change to the plan as people read it.
    lastUpdated: event.type === 'PlanVersionAcknowledged' && existing ? existing.lastUpdated : event.occurredAt,
    revision: event.revision,
    viewerIds: student.viewerIds,
    // The plan record, whole: the routes give each reader what they may see of it.
    ...(plan.record ? { record: plan.record } : {}),
    ...(plan.version > 0 ? { version: plan.version, effectiveDate: plan.effectiveDate, acknowledged: plan.acknowledged } : {}),
    ...awaitingAfter(existing, event),
  };
  context.put<PlanDoc>(PLANS, next);
  announce(context, event, { entity: 'plan', id, studentId: next.studentId, revision: event.revision }, next.viewerIds);
}

/** The type shown for a detected MIME type (uploads are only of the known ones). */
const documentTypeOf = (mimeType: string): string => Object.entries(DOCUMENT_TYPES).find(([known]) => known === mimeType)?.[1] ?? 'File';

/** Documents are private: their viewers are the student's viewers who may see private parts. */
export async function applyDocumentEvent(event: EnvelopeOf<DocumentEvent>, context: ProjectionContext): Promise<void> {
  const id = event.data.documentId;
  const existing = await context.get<DocumentDoc>(DOCUMENTS, id);
  if (alreadyApplied(existing, event)) return;

  if (event.type === 'DocumentUploaded') {
    const student = await context.get<StudentDoc>(STUDENTS, event.data.studentId);
    if (existing || !student) return;
    const { documentId, studentId, name, mimeType, size, sha256 } = event.data;
    context.put<DocumentDoc>(DOCUMENTS, {
      id: documentId,
      studentId,
      name,
      type: documentTypeOf(mimeType),
      mimeType,
      size,
      sha256,
      createdAt: event.occurredAt,
      revision: event.revision,
      viewerIds: privateViewerIds(student),
    });
    announce(context, event, { entity: 'document', id, studentId, revision: event.revision }, privateViewerIds(student));
    return;
  }
  if (!existing) return;
  context.delete(DOCUMENTS, id);
  announce(context, event, { entity: 'document', id, studentId: existing.studentId, revision: event.revision }, existing.viewerIds);
}
