import { Router } from 'express';
import { NotFoundError } from '@accommodate/shared-events/domain/errors';
import { districtDashboard } from '@accommodate/shared-events/domain/district-dashboard/school-tally';
import type { DistrictDashboard } from '@accommodate/shared-events/schemas/district-dashboard';
import { districtDashboardQueries } from '@accommodate/projections/queries/district-dashboard-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { idParam } from '../../http/route-params.ts';
import { timeZoneOf } from '../../http/time-zone.ts';
import { calendarDay } from '../../http/download-names.ts';
import { requireUser } from '../../auth/authenticate.ts';

/**
 * The district dashboard (issue 23): per school and in total, from the schools' tallies (never the students), for the
 * district's admins; to anyone else the district is not found. The review figures count from today in the reader's
 * time zone (`?tz=`). It names no student, so no student's access log gains an entry.
 */
export function districtDashboardRoutes(context: AppContext): Router {
  const router = Router();
  const dashboards = districtDashboardQueries(context.readStore);

  router.get('/api/districts/:id/dashboard', async (req, res) => {
    const userId = requireUser(req);
    const today = calendarDay(context.now(), timeZoneOf(req));
    const district = await dashboards.districtById(idParam(req));
    if (!district?.adminIds.includes(userId)) throw new NotFoundError('District');
    // A school's stand-in (its students seen before it) has no district yet, so it is not among these.
    const schools = await dashboards.schoolsOfDistrict(district.id);
    const names = await dashboards.accommodationNames(new Set(schools.flatMap((school) => Object.keys(school.tally.accommodations))));
    const answer: DistrictDashboard = districtDashboard(
      { id: district.id, name: district.name },
      schools.map(({ id, name, staffIds, tally }) => ({ id, name, staffIds, tally })),
      names,
      today,
    );
    res.json(answer);
  });

  return router;
}
