import type { AccommodationEvent } from '@accommodate/shared-events/events/accommodation-events';
import type { DistrictEvent, SchoolEvent } from '@accommodate/shared-events/events/district-events';
import type { EnvelopeOf } from '@accommodate/shared-events/domain/event-types';
import { districtAdminIds, isDistrictEvent } from '@accommodate/shared-events/domain/district/district';
import { districtAfter } from './district-copy.ts';
import { evolveSchool, initialSchoolState, isSchoolEvent } from '@accommodate/shared-events/domain/school/school';
import { isPlanEvent } from '@accommodate/shared-events/domain/plan/plan';
import { isStudentEvent } from '@accommodate/shared-events/domain/student/student';
import {
  DASHBOARD_ACCOMMODATIONS,
  DASHBOARD_DISTRICTS,
  DASHBOARD_SCHOOLS,
  DASHBOARD_STUDENTS,
  type DashboardDistrictDoc,
  type DashboardSchoolDoc,
  type DashboardStudentDoc,
} from '../queries/district-dashboard-schema.ts';
import { defineProjection, type ProjectionContext } from './projection.ts';
import { alreadyApplied, announce } from './caseload-changes.ts';
import {
  applyDashboardPlanEvent,
  applyDashboardStudentEvent,
  announceToDistrict,
  retally,
  type DashboardPlanEvent,
  type DashboardStudentEvent,
} from './district-dashboard-students.ts';
import { applyDashboardLogEvent, schoolOrStandIn } from './district-dashboard-follow-through.ts';
import { isImplementationEvent } from '@accommodate/shared-events/domain/implementation-log/implementation-log';
import type { ImplementationEvent } from '@accommodate/shared-events/events/implementation-events';

type HandledEvent = DashboardStudentEvent | DashboardPlanEvent | DistrictEvent | SchoolEvent | AccommodationEvent | ImplementationEvent;

async function applyDistrictEvent(event: EnvelopeOf<DistrictEvent>, context: ProjectionContext): Promise<void> {
  const id = event.data.districtId;
  // An erased district's schools' figures go with it (its students went one by one).
  const after = await districtAfter<DashboardDistrictDoc>(event, context, { districts: DASHBOARD_DISTRICTS, schools: DASHBOARD_SCHOOLS });
  if (!after) return;
  const { existing, state } = after;
  const { status: _status, ...fields } = state;
  const next: DashboardDistrictDoc = { id, ...fields, adminIds: districtAdminIds(state), revision: event.revision };
  context.put<DashboardDistrictDoc>(DASHBOARD_DISTRICTS, next);
  announce(context, event, { entity: 'district', id, revision: event.revision }, [...new Set([...(existing?.adminIds ?? []), ...next.adminIds])]);
}

async function applySchoolEvent(event: EnvelopeOf<SchoolEvent>, context: ProjectionContext): Promise<void> {
  const existing = await schoolOrStandIn(context, event.data.schoolId);
  if (alreadyApplied(existing, event)) return;
  const { districtId, name, staff } = existing;
  const state = evolveSchool(districtId === null ? initialSchoolState() : { status: 'present', districtId, name, staff }, event);
  if (event.type === 'SchoolDeleted') {
    // An empty school leaves the dashboard: it had no students to count.
    context.delete(DASHBOARD_SCHOOLS, event.data.schoolId);
    const district = await context.get<DashboardDistrictDoc>(DASHBOARD_DISTRICTS, event.data.districtId);
    if (district) announce(context, event, { entity: 'district', id: district.id }, district.adminIds);
    return;
  }
  if (state.status === 'absent') return;
  const staffIds = Object.values(state.staff).flatMap((member) => (member.granteeUserId === null ? [] : [member.granteeUserId]));
  context.put<DashboardSchoolDoc>(DASHBOARD_SCHOOLS, { ...existing, districtId: state.districtId, name: state.name, staff: state.staff, staffIds, revision: event.revision });
  const district = await context.get<DashboardDistrictDoc>(DASHBOARD_DISTRICTS, state.districtId);
  if (district) announce(context, event, { entity: 'district', id: district.id }, district.adminIds);
}

/** The names the dashboard shows; a removed library entry is taken off every student that had it, as the caseload does. */
async function applyAccommodationEvent(event: EnvelopeOf<AccommodationEvent>, context: ProjectionContext): Promise<void> {
  const id = event.data.accommodationId;
  if (event.type !== 'AccommodationRemoved') {
    context.put(DASHBOARD_ACCOMMODATIONS, { id, name: event.data.name });
    return;
  }
  context.delete(DASHBOARD_ACCOMMODATIONS, id);
  for (const student of await context.find<DashboardStudentDoc>(DASHBOARD_STUDENTS, { accommodationIds: id })) {
    const next = { ...student, accommodationIds: student.accommodationIds.filter((each) => each !== id) };
    context.put<DashboardStudentDoc>(DASHBOARD_STUDENTS, next);
    await retally(context, student, next);
  }
}

/** A day logged moves its student's school's follow-through figures. */
async function announceLogged(event: EnvelopeOf<ImplementationEvent>, context: ProjectionContext): Promise<void> {
  for (const districtId of await applyDashboardLogEvent(event, context)) await announceToDistrict(context, event, districtId);
}

/**
 * The district dashboard: per school, a tally of its students (how many, with an active plan, without
 * accommodations, by next review date, by accommodation) that each student's and plan's events move by the
 * difference they make, so a dashboard reads a district's schools and never its students.
 */
export const districtDashboardProjection = defineProjection<HandledEvent>({
  name: 'district-dashboard',
  // 2: graduates leave the figures (as do those who moved up to another school, an event newer than any build).
  // 3: per school, the plans not acknowledged and the school days logged.
  version: 3,
  collections: [DASHBOARD_DISTRICTS, DASHBOARD_SCHOOLS, DASHBOARD_STUDENTS, DASHBOARD_ACCOMMODATIONS],
  handles: [
    'StudentAdded',
    'StudentAccommodationsChanged',
    'StudentSchoolChanged',
    'StudentGraduated',
    'StudentMovedUp',
    'StudentDeleted',
    'PlanCreated',
    'PlanUpdated',
    'PlanReviewScheduled',
    'PlanFinalised',
    'PlanAmended',
    'PlanVersionAcknowledged',
    'ImplementationLogged',
    'DistrictCreated',
    'DistrictAdminInvited',
    'DistrictAdminActivated',
    'DistrictAdminRemoved',
    'DistrictNonSchoolDaysSet',
    'DistrictErased',
    'SchoolCreated',
    'SchoolRenamed',
    'SchoolDeleted',
    'StaffInvited',
    'StaffActivated',
    'StaffRoleChanged',
    'StaffRemoved',
    'AccommodationAdded',
    'AccommodationUpdated',
    'AccommodationRemoved',
  ],
  apply(event, context) {
    if (isStudentEvent(event)) return applyDashboardStudentEvent(event, context);
    if (isPlanEvent(event)) return applyDashboardPlanEvent(event, context);
    if (isImplementationEvent(event)) return announceLogged(event, context);
    if (isDistrictEvent(event)) return applyDistrictEvent(event, context);
    if (isSchoolEvent(event)) return applySchoolEvent(event, context);
    return applyAccommodationEvent(event, context);
  },
});
