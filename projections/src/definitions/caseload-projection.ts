import type { AccommodationEvent } from '@accommodate/shared-events/events/accommodation-events';
import type { DocumentEvent } from '@accommodate/shared-events/events/document-events';
import type { PlanEvent } from '@accommodate/shared-events/events/plan-events';
import type { StudentEvent } from '@accommodate/shared-events/events/student-events';
import type { ClassEvent } from '@accommodate/shared-events/events/class-events';
import type { DistrictEvent, SchoolEvent } from '@accommodate/shared-events/events/district-events';
import { ROSTER_IMPORT_EVENTS, type RosterImportEvent } from '@accommodate/shared-events/events/roster-events';
import { isEventOf } from '@accommodate/shared-events/domain/event-types';
import { isStudentEvent, STUDENT_EVENT_TYPES } from '@accommodate/shared-events/domain/student/student';
import { isPlanEvent, PLAN_EVENT_TYPES } from '@accommodate/shared-events/domain/plan/plan';
import { DOCUMENT_EVENT_TYPES, isDocumentEvent } from '@accommodate/shared-events/domain/document/document';
import { ACCOMMODATION_EVENT_TYPES } from '@accommodate/shared-events/domain/accommodation/accommodation';
import { CLASS_EVENT_TYPES, isClassEvent } from '@accommodate/shared-events/domain/class/class';
import { DISTRICT_EVENT_TYPES, isDistrictEvent } from '@accommodate/shared-events/domain/district/district';
import { isSchoolEvent, SCHOOL_EVENT_TYPES } from '@accommodate/shared-events/domain/school/school';
import { CASELOAD_ACCOMMODATIONS, CLASSES, DOCUMENTS, PLANS, SHARES, STUDENTS } from '../queries/caseload-schema.ts';
import { defineProjection } from './projection.ts';
import { applyStudentEvent } from './caseload-students.ts';
import { applyDocumentEvent, applyPlanEvent } from './caseload-plans.ts';
import { applyAccommodationEvent } from './caseload-library.ts';
import { applyClassEvent } from './caseload-classes.ts';
import { applyDistrictEvent, applySchoolEvent } from './caseload-organisations.ts';
import { DISTRICTS, SCHOOLS } from '../queries/organisation-schema.ts';
import { applyRosterImportEvent } from './caseload-roster-imports.ts';
import { applyDistrictErasureEvent } from './caseload-district-erasures.ts';
import type { DistrictErasureEvent } from '@accommodate/shared-events/events/district-erasure-events';
import { DISTRICT_ERASURE_EVENT_TYPES, isDistrictErasureEvent } from '@accommodate/shared-events/domain/district/district-erasure';

const ROSTER_IMPORT_EVENT_TYPES = ROSTER_IMPORT_EVENTS.map((definition) => definition.name);
const isRosterImportEvent = isEventOf<RosterImportEvent>(ROSTER_IMPORT_EVENT_TYPES);

// The document types now live in the queries' schema module; the workers still import them from here.
export { privateViewerIds, type DocumentDoc, type PlanDoc, type ShareDoc, type StudentDoc, type StudentRoleEntry } from '../queries/caseload-schema.ts';

/**
 * Students, their plans, documents and shares, as GET /api/students, /api/plans, the documents and shares tabs read
 * them; and classes, whose enrolment decides which teachers see a student.
 */
export const caseloadProjection = defineProjection<StudentEvent | PlanEvent | DocumentEvent | AccommodationEvent | ClassEvent | DistrictEvent | SchoolEvent | RosterImportEvent | DistrictErasureEvent>({
  name: 'caseload',
  // 2: shares: roles on students, the shares collection, documents kept from substitutes.
  // 3: classes: the classes collection, class teachers among a student's roles.
  // 4: districts and schools, whose staff roles are to decide who sees a school's students.
  // 5: students in schools: schoolId and caseManagerId, and school roles among a student's roles.
  // 6: a district's single sign-on covers the domains it proved it owns, and no others (ssoDomains).
  // 7: a legal hold placed or lifted moves the student's revision, as every other event of its stream does.
  version: 7,
  collections: [STUDENTS, PLANS, DOCUMENTS, SHARES, CASELOAD_ACCOMMODATIONS, CLASSES, DISTRICTS, SCHOOLS],
  handles: [...STUDENT_EVENT_TYPES, ...PLAN_EVENT_TYPES, ...DOCUMENT_EVENT_TYPES, ...ACCOMMODATION_EVENT_TYPES, ...CLASS_EVENT_TYPES, ...DISTRICT_EVENT_TYPES, ...SCHOOL_EVENT_TYPES, ...ROSTER_IMPORT_EVENT_TYPES, ...DISTRICT_ERASURE_EVENT_TYPES],
  apply(event, context) {
    if (isStudentEvent(event)) return applyStudentEvent(event, context);
    if (isPlanEvent(event)) return applyPlanEvent(event, context);
    if (isDocumentEvent(event)) return applyDocumentEvent(event, context);
    if (isClassEvent(event)) return applyClassEvent(event, context);
    if (isDistrictEvent(event)) return applyDistrictEvent(event, context);
    if (isSchoolEvent(event)) return applySchoolEvent(event, context);
    // An import's progress pokes its district's admins; the read model keeps nothing of it.
    if (isRosterImportEvent(event)) return applyRosterImportEvent(event, context);
    // A district's erasure pokes its admins and whoever asked for it, the same way.
    if (isDistrictErasureEvent(event)) return applyDistrictErasureEvent(event, context);
    return applyAccommodationEvent(event, context);
  },
});
