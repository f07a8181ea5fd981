import { Router } from 'express';
import { authorizeDistrict } from '@accommodate/shared-events/domain/district/district-access';
import { districtDashboard } from '@accommodate/shared-events/domain/district-dashboard/school-tally';
import type { DistrictDashboard } from '@accommodate/shared-events/schemas/district-dashboard';
import { districtDashboardQueries, type DashboardDistrictDoc } from '@accommodate/projections/queries/district-dashboard-queries';
import { districtDashboardProjection } from '@accommodate/projections/definitions/district-dashboard-projection';
import type { AppContext } from '../../framework/command-context.ts';
import { createReadModelCache, readModelVersion } from '../../framework/read-model-cache.ts';
import { idParam } from '../../http/route-params.ts';
import { acceptsGzip, sendEncodedJson } from '../../http/encoded-answers.ts';
import { timeZoneOf } from '../../http/time-zone.ts';
import { calendarDay } from '../../http/download-names.ts';
import { requireUser } from '../../auth/authenticate.ts';

/** A dashboard is a few KB per district and day. */
const DASHBOARD_CACHE_BYTES = 2 * 1024 * 1024;

/**
 * The district dashboard: per school and in total, from the schools' tallies (never the students), for the
 * district's admins; to anyone else the district is not found. The review figures count from today in the reader's
 * time zone (`?tz=`). It names no student, so no student's access log gains an entry.
 */
export function districtDashboardRoutes(context: AppContext): Router {
  const router = Router();
  const dashboards = districtDashboardQueries(context.readStore);
  // Kept serialised per district and day until a commit to the dashboard's read model: every admin of the district
  // reads the same answer, and 32 of them at once need not add the tallies up 32 times.
  const answers = createReadModelCache(readModelVersion(context.readStore, [districtDashboardProjection.name]), { maxBytes: DASHBOARD_CACHE_BYTES });

  const dashboardOf = async (district: DashboardDistrictDoc, today: string): Promise<DistrictDashboard> => {
    // A school's stand-in (its students seen before it) has no district yet, so it is not among these.
    const schools = await dashboards.schoolsOfDistrict(district.id);
    const names = await dashboards.accommodationNames(new Set(schools.flatMap((school) => Object.keys(school.tally.accommodations))));
    const rows = schools.map(({ id, name, staffIds, tally, followThrough }) => ({ id, name, staffIds, tally, followThrough }));
    return districtDashboard({ id: district.id, name: district.name }, rows, names, today, new Set(district.nonSchoolDays ?? []));
  };

  router.get('/api/districts/:id/dashboard', async (req, res) => {
    const userId = requireUser(req);
    const today = calendarDay(context.now(), timeZoneOf(req));
    // The dashboard's own copy of the district, with its admins as the same fold gives them: one read, one rule.
    const district = await dashboards.districtById(idParam(req));
    authorizeDistrict(district, userId);
    // The day is in the key: the answer holds until a commit, and a new day asks for a new one.
    const build = async () => ({ body: Buffer.from(JSON.stringify(await dashboardOf(district, today))), until: Infinity });
    // Compressed once per kept answer for a browser: the same figures for every admin of the district, as kept.
    sendEncodedJson(res, await answers.answerEncoded(`${district.id}\u0000${today}`, context.now(), build, req.readStamp, acceptsGzip(req)));
  });

  return router;
}
