import { z } from 'zod';

// The district dashboard: GET /api/districts/:id/dashboard, per school and in total.

/** One of the most used accommodations: students who have it, by name (the same name in two libraries counts once). */
export const accommodationCountSchema = z.object({ name: z.string(), count: z.number().int() });
export type AccommodationCount = z.infer<typeof accommodationCountSchema>;

/** Whether the plans are followed through: acknowledged by every teacher asked, and logged on each school day. */
export const followThroughFiguresSchema = z.object({
  /** Final plans in force that not every teacher asked has acknowledged, and when the oldest of their versions was made. */
  unacknowledgedPlans: z.number().int(),
  oldestUnacknowledgedSince: z.string().nullable(),
  /** Students with a plan in force; the school days since each plan (or the student's arrival) and those logged, added up. */
  plansInForce: z.number().int(),
  schoolDays: z.number().int(),
  loggedDays: z.number().int(),
});
export type FollowThroughFigures = z.infer<typeof followThroughFiguresSchema>;

/** The figures a school's tally gives. */
export const tallyFiguresSchema = z.object({
  students: z.number().int(),
  /** Students with at least one plan whose status is 'active'. */
  studentsWithActivePlan: z.number().int(),
  /** Students whose next review (the earliest of their plans not closed) falls today or within 30 days. */
  reviewsDueWithin30Days: z.number().int(),
  /** Students whose next review is before today. */
  overdueReviews: z.number().int(),
  studentsWithoutAccommodations: z.number().int(),
  /** Active members of the staff (a pending invitation is not staff yet). */
  staff: z.number().int(),
  /** The ten most used, most first, ties by name. */
  topAccommodations: z.array(accommodationCountSchema),
});
export type TallyFigures = z.infer<typeof tallyFiguresSchema>;

export const dashboardFiguresSchema = tallyFiguresSchema.extend(followThroughFiguresSchema.shape);
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

export const schoolFiguresSchema = dashboardFiguresSchema.extend({ id: z.string(), name: z.string() });
export type SchoolFigures = z.infer<typeof schoolFiguresSchema>;

export const districtDashboardSchema = z.object({
  district: z.object({ id: z.string(), name: z.string() }),
  /** The day the review figures are counted from (YYYY-MM-DD, in the reader's time zone, `?tz=`). */
  today: z.string(),
  schools: z.array(schoolFiguresSchema),
  total: dashboardFiguresSchema,
});
export type DistrictDashboard = z.infer<typeof districtDashboardSchema>;

/** GET /api/schools/:id/follow-through: the lists behind a school's follow-through figures. */
export const schoolFollowThroughSchema = z.object({
  school: z.object({ id: z.string(), name: z.string() }),
  today: z.string(),
  /** Oldest first. */
  unacknowledged: z.array(
    z.object({
      planId: z.string(),
      studentId: z.string(),
      studentName: z.string(),
      version: z.number().int(),
      since: z.string(),
      waiting: z.array(z.object({ userId: z.string(), name: z.string() })),
    }),
  ),
  /** Per student with a plan in force, the lowest share logged first. */
  coverage: z.array(z.object({ studentId: z.string(), studentName: z.string(), since: z.string(), schoolDays: z.number().int(), loggedDays: z.number().int() })),
});
export type SchoolFollowThrough = z.infer<typeof schoolFollowThroughSchema>;
