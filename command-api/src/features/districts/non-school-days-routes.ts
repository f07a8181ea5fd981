import { Router } from 'express';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { districtDecider } from '@accommodate/shared-events/domain/district/decide-district';
import { nonSchoolDaysSchema, type NonSchoolDays } from '@accommodate/shared-events/schemas/non-school-days';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand } from '../../framework/handle-command.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadDistrictFor } from '../../shared/organisation-access.ts';

/** The district's days without school (holidays, in-service days): its admins set them, the coverage skips them. */
export function nonSchoolDaysRoutes(context: AppContext): Router {
  const router = Router();

  router.get('/api/districts/:id/non-school-days', async (req, res) => {
    const district = await loadDistrictFor(context, requireUser(req), idParam(req));
    res.json({ dates: district.nonSchoolDays ?? [] } satisfies NonSchoolDays);
  });

  router.put('/api/districts/:id/non-school-days', async (req, res) => {
    const userId = requireUser(req);
    const district = await loadDistrictFor(context, userId, idParam(req));
    const { dates } = nonSchoolDaysSchema.parse(req.body);
    await handleCommand(context, districtDecider, streamName('district', district.id), { type: 'SetNonSchoolDays', districtId: district.id, userId, dates }, { actor: { userId } });
    res.json({ dates: [...new Set(dates)].sort() } satisfies NonSchoolDays);
  });

  return router;
}
