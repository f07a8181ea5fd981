import type { StudentEvent } from '@accommodate/shared-events/events/student-events';
import { isEventOf, type EnvelopeOf } from '@accommodate/shared-events/domain/event-types';
import { leavingAfter, type Leaving } from '@accommodate/shared-events/domain/retention/retention';
import { RETENTION_DISTRICTS, RETENTION_SCHOOLS, RETENTION_STUDENTS, type RetentionStudentDoc } from '../queries/retention-schema.ts';
import { defineProjection } from './projection.ts';
import { alreadyApplied } from './caseload-changes.ts';
import { announceToSchoolsDistrict, applyRetentionOrganisationEvent, RETENTION_ORGANISATION_EVENT_TYPES, type RetentionOrganisationEvent } from './retention-audience.ts';

/** What moves a student's clock or hold, and what takes the student away. */
const RETENTION_EVENT_TYPES = [
  'StudentAdded',
  'StudentDetailsUpdated',
  'StudentGraduated',
  'StudentMovedUp',
  'StudentSchoolChanged',
  'StudentLegalHoldPlaced',
  'StudentLegalHoldLifted',
  'StudentDeleted',
] as const satisfies readonly StudentEvent['type'][];
type RetentionEvent = Extract<StudentEvent, { type: (typeof RETENTION_EVENT_TYPES)[number] }>;
const isOrganisationEvent = isEventOf<RetentionOrganisationEvent>(RETENTION_ORGANISATION_EVENT_TYPES);

const leavingOf = (doc: RetentionStudentDoc): Leaving | null => (doc.leftAt === null || doc.leftBecause === null ? null : { leftAt: doc.leftAt, because: doc.leftBecause });
const withLeaving = (doc: RetentionStudentDoc, leaving: Leaving | null): RetentionStudentDoc => ({
  ...doc,
  left: leaving !== null,
  leftAt: leaving?.leftAt ?? null,
  leftBecause: leaving?.because ?? null,
});

/** What one event makes of the student's document (the previous one, or null before StudentAdded); null: gone. */
function nextDoc(existing: RetentionStudentDoc | null, event: EnvelopeOf<RetentionEvent>): RetentionStudentDoc | null {
  const at = event.occurredAt;
  if (event.type === 'StudentAdded') {
    if (existing) return existing;
    const blank: RetentionStudentDoc = { id: event.data.studentId, schoolId: event.data.schoolId ?? null, left: false, leftAt: null, leftBecause: null, hold: null, revision: event.revision };
    return withLeaving(blank, leavingAfter(null, { status: event.data.status }, at));
  }
  if (!existing) return null;
  const doc = { ...existing, revision: event.revision };
  switch (event.type) {
    case 'StudentDetailsUpdated': {
      const { status } = event.data.changes;
      return status === undefined ? doc : withLeaving(doc, leavingAfter(leavingOf(doc), { status }, at));
    }
    case 'StudentGraduated':
      return withLeaving(doc, leavingAfter(leavingOf(doc), { graduatedInto: event.data.schoolYear }, at));
    // Moved up to another school: gone from this one, as one marked inactive is, until a roster brings them back.
    case 'StudentMovedUp':
      return withLeaving(doc, leavingAfter(leavingOf(doc), { status: 'inactive' }, at));
    case 'StudentSchoolChanged':
      return { ...doc, schoolId: event.data.toSchoolId };
    case 'StudentLegalHoldPlaced':
      return { ...doc, hold: { reason: event.data.reason, placedAt: at } };
    case 'StudentLegalHoldLifted':
      return { ...doc, hold: null };
    case 'StudentDeleted':
      return null;
  }
}

/**
 * Retention: when each student left (the clock of its erasure, retention.ts) and whether it is on legal
 * hold, so the due list and the daily job read a district's left students without folding their streams. Ids, dates
 * and the hold's reason only; an erased student's document is deleted. A change to a left student (one who leaves,
 * is held, released, renamed, moved or erased) pokes the admins of its school's district, whose due list it is on;
 * so does a new rule. For that it keeps each school's district and each district's admins.
 */
export const retentionProjection = defineProjection<RetentionEvent | RetentionOrganisationEvent>({
  name: 'retention',
  // 2: the schools' districts and the districts' admins, the audience of its pokes.
  version: 2,
  collections: [RETENTION_STUDENTS, RETENTION_SCHOOLS, RETENTION_DISTRICTS],
  handles: [...RETENTION_EVENT_TYPES, ...RETENTION_ORGANISATION_EVENT_TYPES],
  async apply(event, context) {
    if (isOrganisationEvent(event)) return applyRetentionOrganisationEvent(event, context);
    const existing = await context.get<RetentionStudentDoc>(RETENTION_STUDENTS, event.data.studentId);
    if (alreadyApplied(existing, event)) return;
    const next = nextDoc(existing, event);
    if (next) context.put<RetentionStudentDoc>(RETENTION_STUDENTS, next);
    else if (existing) context.delete(RETENTION_STUDENTS, existing.id);
    if (!existing?.left && !next?.left) return;
    for (const schoolId of new Set([existing?.schoolId ?? null, next?.schoolId ?? null])) await announceToSchoolsDistrict(context, event, schoolId);
  },
});
