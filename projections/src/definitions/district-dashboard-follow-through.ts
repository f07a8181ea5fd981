import type { ImplementationEvent } from '@accommodate/shared-events/events/implementation-events';
import type { EnvelopeOf } from '@accommodate/shared-events/domain/event-types';
import { studentFollowThrough, type FollowedPlan } from '@accommodate/shared-events/domain/district-dashboard/follow-through';
import { DASHBOARD_SCHOOLS, DASHBOARD_STUDENTS, type DashboardSchoolDoc, type DashboardStudentDoc } from '../queries/district-dashboard-schema.ts';
import { emptyTally } from '@accommodate/shared-events/domain/district-dashboard/school-tally';
import type { ProjectionContext } from './projection.ts';

/** A school's document, or a stand-in holding only the tally until its own events are seen. */
export const schoolOrStandIn = async (context: ProjectionContext, schoolId: string): Promise<DashboardSchoolDoc> =>
  (await context.get<DashboardSchoolDoc>(DASHBOARD_SCHOOLS, schoolId)) ?? {
    id: schoolId,
    districtId: null,
    name: '',
    staff: {},
    staffIds: [],
    revision: -1,
    tally: emptyTally(),
    followThrough: {},
  };

const followedPlans = (student: DashboardStudentDoc): Record<string, FollowedPlan> => {
  const plans: Record<string, FollowedPlan> = {};
  for (const [planId, plan] of Object.entries(student.plans)) {
    plans[planId] = { startDate: plan.startDate, status: plan.status, version: plan.version, versionSince: plan.versionSince, awaiting: plan.awaitingAcknowledgement };
  }
  return plans;
};

/**
 * Moves the student's follow-through entry (follow-through.ts) from the school it was counted at to the school it
 * belongs to now, as it stands now. Returns the districts whose figures changed; the schools are the batch's copies,
 * changed in place as the tally is.
 */
export async function refollow(context: ProjectionContext, before: DashboardStudentDoc | null, after: DashboardStudentDoc | null): Promise<Set<string | null>> {
  const districts = new Set<string | null>();
  const id = before?.id ?? after?.id;
  if (id === undefined) return districts;
  if (before?.schoolId != null && before.schoolId !== after?.schoolId) {
    const school = await context.get<DashboardSchoolDoc>(DASHBOARD_SCHOOLS, before.schoolId);
    if (school && id in school.followThrough) {
      delete school.followThrough[id];
      context.put<DashboardSchoolDoc>(DASHBOARD_SCHOOLS, school);
      districts.add(school.districtId);
    }
  }
  if (after?.schoolId == null) return districts;
  const school = await schoolOrStandIn(context, after.schoolId);
  const entry = studentFollowThrough(followedPlans(after), after.onRecordSince, after.loggedDays);
  const kept = school.followThrough[id];
  if (JSON.stringify(kept ?? null) === JSON.stringify(entry)) return districts;
  if (entry === null) delete school.followThrough[id];
  else school.followThrough[id] = entry;
  context.put<DashboardSchoolDoc>(DASHBOARD_SCHOOLS, school);
  districts.add(school.districtId);
  return districts;
}

/**
 * A day logged for a student: kept once on the student (an entry for another accommodation on the same day, or a
 * replaced one, adds nothing). The log's streams are per month, so their revisions say nothing of the student's doc;
 * adding a day already there is harmless, which makes a redelivery so too.
 */
export async function applyDashboardLogEvent(event: EnvelopeOf<ImplementationEvent>, context: ProjectionContext): Promise<Set<string | null>> {
  const student = await context.get<DashboardStudentDoc>(DASHBOARD_STUDENTS, event.data.studentId);
  if (!student || student.loggedDays.includes(event.data.date)) return new Set();
  const next: DashboardStudentDoc = { ...student, loggedDays: [...student.loggedDays, event.data.date].sort() };
  context.put<DashboardStudentDoc>(DASHBOARD_STUDENTS, next);
  return refollow(context, student, next);
}
