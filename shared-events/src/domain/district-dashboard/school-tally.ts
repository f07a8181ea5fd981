import type { AccommodationCount, DistrictDashboard, SchoolFigures, TallyFigures } from '../../schemas/district-dashboard.ts';
import { followThroughFigures, type StudentFollowThrough } from './follow-through.ts';

// The district dashboard. A school's figures are kept as a tally that each student's events move by what
// the student counts for, before and after; the figures relative to a day (reviews due, overdue) are summed from the
// tally's students-by-review-date when read, so the tally never depends on the clock.

export const ACTIVE_PLAN_STATUS = 'active';
/** A closed plan has no review due; the review reminders skip it too. */
export const CLOSED_PLAN_STATUS = 'closed';
export const REVIEW_WINDOW_DAYS = 30;
export const TOP_ACCOMMODATIONS = 10;
/** One collator for every comparison of names: `localeCompare` builds one per call, and a dashboard makes thousands. */
const byNameOrder = new Intl.Collator('en').compare;

/** What of a student the figures count. */
export interface StudentStanding {
  accommodationIds: readonly string[];
  plans: Readonly<Record<string, { status: string; reviewDate: string }>>;
}

export interface SchoolTally {
  students: number;
  withActivePlan: number;
  withoutAccommodation: number;
  /** Students by their next review date (YYYY-MM-DD → students). */
  reviewDates: Record<string, number>;
  /** Students by accommodation id. */
  accommodations: Record<string, number>;
}

export const emptyTally = (): SchoolTally => ({ students: 0, withActivePlan: 0, withoutAccommodation: 0, reviewDates: {}, accommodations: {} });

/** The student's next review: the earliest review date of its plans that are not closed, or null. */
export function nextReviewOf(plans: StudentStanding['plans']): string | null {
  let next: string | null = null;
  for (const plan of Object.values(plans)) {
    if (plan.status !== CLOSED_PLAN_STATUS && (next === null || plan.reviewDate < next)) next = plan.reviewDate;
  }
  return next;
}

function bump(counts: Record<string, number>, key: string, by: number): void {
  const next = (counts[key] ?? 0) + by;
  if (next === 0) delete counts[key];
  else counts[key] = next;
}

/**
 * Adds (sign 1) or takes away (sign -1) what one student counts for. It changes the tally in place: the projection
 * hands it the batch's own copy, and a school's maps are not copied for each of its thousands of students' events.
 */
export function tallyStudent(tally: SchoolTally, standing: StudentStanding, sign: 1 | -1): SchoolTally {
  tally.students += sign;
  if (hasActivePlan(standing.plans)) tally.withActivePlan += sign;
  if (standing.accommodationIds.length === 0) tally.withoutAccommodation += sign;
  const review = nextReviewOf(standing.plans);
  if (review !== null) bump(tally.reviewDates, review, sign);
  for (const id of new Set(standing.accommodationIds)) bump(tally.accommodations, id, sign);
  return tally;
}

const hasActivePlan = (plans: StudentStanding['plans']): boolean => Object.values(plans).some((plan) => plan.status === ACTIVE_PLAN_STATUS);

/**
 * A student's plans changed (its school and accommodations did not): moves the tally by what that changes, in place.
 * Returns whether anything moved; most plan edits (a meeting date, a case manager) move nothing.
 */
export function retallyPlans(tally: SchoolTally, before: StudentStanding['plans'], after: StudentStanding['plans']): boolean {
  const [wasActive, isActive] = [hasActivePlan(before), hasActivePlan(after)];
  const [was, is] = [nextReviewOf(before), nextReviewOf(after)];
  if (wasActive === isActive && was === is) return false;
  tally.withActivePlan += Number(isActive) - Number(wasActive);
  if (was !== null) bump(tally.reviewDates, was, -1);
  if (is !== null) bump(tally.reviewDates, is, 1);
  return true;
}

/** `day` (YYYY-MM-DD) plus `days` calendar days. */
export const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** As the review-due display colours them: before today is overdue; today up to 30 days on is due within 30 days. */
export function reviewCounts(reviewDates: Readonly<Record<string, number>>, today: string): { overdueReviews: number; reviewsDueWithin30Days: number } {
  const last = addDays(today, REVIEW_WINDOW_DAYS);
  let overdueReviews = 0;
  let reviewsDueWithin30Days = 0;
  for (const [date, students] of Object.entries(reviewDates)) {
    if (date < today) overdueReviews += students;
    else if (date <= last) reviewsDueWithin30Days += students;
  }
  return { overdueReviews, reviewsDueWithin30Days };
}

/**
 * The most used accommodations by name: ids the library no longer names drop out, and the same name (whatever its
 * case) in two teachers' libraries is one accommodation. Most first, ties by name.
 */
export function topAccommodations(counts: Readonly<Record<string, number>>, names: ReadonlyMap<string, string>, limit = TOP_ACCOMMODATIONS): AccommodationCount[] {
  const byName = new Map<string, AccommodationCount>();
  for (const [id, count] of Object.entries(counts)) {
    const name = names.get(id);
    if (name === undefined) continue;
    const key = name.trim().toLowerCase();
    const entry = byName.get(key);
    byName.set(key, { name: entry?.name ?? name, count: (entry?.count ?? 0) + count });
  }
  return [...byName.values()].sort((a, b) => b.count - a.count || byNameOrder(a.name, b.name)).slice(0, limit);
}

/** One tally holding all of them (added up in maps: a district's dates and accommodations are thousands of keys). */
export function sumTallies(tallies: readonly SchoolTally[]): SchoolTally {
  const total = emptyTally();
  const dates = new Map<string, number>();
  const accommodations = new Map<string, number>();
  for (const tally of tallies) {
    total.students += tally.students;
    total.withActivePlan += tally.withActivePlan;
    total.withoutAccommodation += tally.withoutAccommodation;
    for (const date in tally.reviewDates) dates.set(date, (dates.get(date) ?? 0) + (tally.reviewDates[date] ?? 0));
    for (const id in tally.accommodations) accommodations.set(id, (accommodations.get(id) ?? 0) + (tally.accommodations[id] ?? 0));
  }
  return { ...total, reviewDates: Object.fromEntries(dates), accommodations: Object.fromEntries(accommodations) };
}

export function figuresOf(tally: SchoolTally, staff: number, names: ReadonlyMap<string, string>, today: string): TallyFigures {
  return {
    students: tally.students,
    studentsWithActivePlan: tally.withActivePlan,
    ...reviewCounts(tally.reviewDates, today),
    studentsWithoutAccommodations: tally.withoutAccommodation,
    staff,
    topAccommodations: topAccommodations(tally.accommodations, names),
  };
}

export interface TalliedSchool {
  id: string;
  name: string;
  /** The active staff members' user ids. */
  staffIds: readonly string[];
  tally: SchoolTally;
  /** Per student with a plan in force, what follow-through.ts counts. */
  followThrough: Readonly<Record<string, StudentFollowThrough>>;
}

/** The dashboard: a row per school (by name) and the district's total, where a person on two schools' staff counts once. */
export function districtDashboard(
  district: { id: string; name: string },
  schools: readonly TalliedSchool[],
  names: ReadonlyMap<string, string>,
  today: string,
  nonSchoolDays: ReadonlySet<string> = new Set(),
): DistrictDashboard {
  const rows: SchoolFigures[] = [...schools]
    .sort((a, b) => byNameOrder(a.name, b.name) || byNameOrder(a.id, b.id))
    .map((school) => ({
      id: school.id,
      name: school.name,
      ...figuresOf(school.tally, school.staffIds.length, names, today),
      ...followThroughFigures(Object.values(school.followThrough), today, nonSchoolDays),
    }));
  const staff = new Set(schools.flatMap((school) => school.staffIds)).size;
  const total = {
    ...figuresOf(sumTallies(schools.map((school) => school.tally)), staff, names, today),
    ...followThroughFigures(
      schools.flatMap((school) => Object.values(school.followThrough)),
      today,
      nonSchoolDays,
    ),
  };
  return { district, today, schools: rows, total };
}
