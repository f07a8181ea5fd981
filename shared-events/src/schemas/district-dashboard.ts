import { z } from 'zod';

// The district dashboard: GET /api/districts/:id/dashboard, per school and in total.

/** One of the most used accommodations: students who have it, by name (the same name in two libraries counts once). */
export const accommodationCountSchema = z.object({ name: z.string(), count: z.number().int() });
export type AccommodationCount = z.infer<typeof accommodationCountSchema>;

export const dashboardFiguresSchema = z.object({
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
