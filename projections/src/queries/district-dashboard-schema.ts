import type { PresentDistrict } from '@accommodate/shared-events/domain/district/district';
import type { PresentSchool } from '@accommodate/shared-events/domain/school/school';
import type { PlanFields } from '@accommodate/shared-events/domain/plan/plan';
import type { SchoolTally } from '@accommodate/shared-events/domain/district-dashboard/school-tally';
import type { StudentFollowThrough } from '@accommodate/shared-events/domain/district-dashboard/follow-through';

/**
 * The district dashboard's read model, kept by its own projection: copies of the districts, schools,
 * students' standing and accommodation names it needs, and per school a tally its students' events move.
 */
export const DASHBOARD_DISTRICTS = 'dashboard-districts';
export const DASHBOARD_SCHOOLS = 'dashboard-schools';
export const DASHBOARD_STUDENTS = 'dashboard-students';
export const DASHBOARD_ACCOMMODATIONS = 'dashboard-accommodations';

export type DashboardDistrictDoc = Omit<PresentDistrict, 'status'> & {
  id: string;
  /** Who administers it: who sees the dashboard and hears of its changes. */
  adminIds: string[];
  revision: number;
};

export type DashboardSchoolDoc = Omit<PresentSchool, 'status' | 'districtId'> & {
  id: string;
  /** Null while only its students' events have been seen (none are written before the school is). */
  districtId: string | null;
  /** The active staff's user ids. */
  staffIds: string[];
  /** The school stream's revision; -1 while only its students' events have been seen. */
  revision: number;
  tally: SchoolTally;
  /** Per student with a plan in force: its unacknowledged plans and its days logged (follow-through.ts). */
  followThrough: Record<string, StudentFollowThrough>;
};

/** A plan as the figures need it (its fields for the one `evolvePlan`, its case manager's name not kept). */
export type DashboardPlan = Omit<PlanFields, 'caseManager'> & {
  version: number;
  effectiveDate: string | null;
  /** Who of the teachers asked about the latest version has not acknowledged it, and since when it waits. */
  awaitingAcknowledgement: string[];
  versionSince: string | null;
  revision: number;
};

export type DashboardStudentDoc = {
  id: string;
  schoolId: string | null;
  /** Assigned and still in the library. */
  accommodationIds: string[];
  plans: Record<string, DashboardPlan>;
  /** The first day the log takes entries for the student, and the days logged for it (each once, sorted). */
  onRecordSince: string;
  loggedDays: string[];
  revision: number;
};

export type DashboardAccommodationDoc = { id: string; name: string };
