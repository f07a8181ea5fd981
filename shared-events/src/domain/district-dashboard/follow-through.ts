import { planLocksAccommodations } from '../../schemas/plan-version.ts';
import type { FollowThroughFigures } from '../../schemas/district-dashboard.ts';
import { currentPlan } from '../plan/current-plan.ts';
import { coverageSince, schoolDaysCounted } from '../implementation-log/coverage.ts';
import { isSchoolDay } from '../implementation-log/school-days.ts';

// Whether a school follows its plans through: the final plans a teacher has not acknowledged yet, and the share of
// school days logged for each plan in force. The projection keeps one small entry per student (never the log
// itself); the figures relative to a day are counted when read, so the entries never depend on the clock.

/** A plan as these figures need it. */
export interface FollowedPlan {
  startDate: string;
  status: string;
  version: number;
  /** When the latest version was made; null on a draft. */
  versionSince: string | null;
  /** Who of the teachers asked about the latest version has not acknowledged it yet. */
  awaiting: readonly string[];
}

export interface UnacknowledgedPlan {
  planId: string;
  version: number;
  since: string;
  awaiting: string[];
}

/** One student's part, kept while a plan is in force for it. */
export interface StudentFollowThrough {
  unacknowledged: UnacknowledgedPlan[];
  /** The first day counted and how many logged days since then fall on a weekday. */
  coverage: { since: string; loggedDays: number };
}

/** The student's part: null without a plan in force (a draft or a closed plan asks nothing of anyone). */
export function studentFollowThrough(plans: Readonly<Record<string, FollowedPlan>>, onRecordSince: string, loggedDays: readonly string[]): StudentFollowThrough | null {
  const inForce = Object.entries(plans).filter(([, plan]) => planLocksAccommodations(plan));
  const current = currentPlan(inForce.map(([, plan]) => plan));
  if (current === null) return null;
  const unacknowledged = inForce.flatMap(([planId, plan]) =>
    plan.awaiting.length === 0 ? [] : [{ planId, version: plan.version, since: plan.versionSince ?? plan.startDate, awaiting: [...plan.awaiting] }],
  );
  const since = coverageSince(current.startDate, onRecordSince);
  return { unacknowledged, coverage: { since, loggedDays: loggedDays.filter((day) => day >= since && isSchoolDay(day)).length } };
}

/**
 * A school's (or a district's) figures from its students' parts. A day logged on one of the district's days off is
 * not a school day: a student's logged days never count above its school days.
 */
export function followThroughFigures(students: Iterable<StudentFollowThrough>, today: string, nonSchoolDays: ReadonlySet<string>): FollowThroughFigures {
  const figures: FollowThroughFigures = { unacknowledgedPlans: 0, oldestUnacknowledgedSince: null, plansInForce: 0, schoolDays: 0, loggedDays: 0 };
  for (const student of students) {
    for (const plan of student.unacknowledged) {
      figures.unacknowledgedPlans += 1;
      if (figures.oldestUnacknowledgedSince === null || plan.since < figures.oldestUnacknowledgedSince) figures.oldestUnacknowledgedSince = plan.since;
    }
    const schoolDays = schoolDaysCounted(student.coverage.since, today, nonSchoolDays).length;
    figures.plansInForce += 1;
    figures.schoolDays += schoolDays;
    figures.loggedDays += Math.min(student.coverage.loggedDays, schoolDays);
  }
  return figures;
}
