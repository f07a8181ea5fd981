import { Router } from 'express';
import { districtDecider } from '@accommodate/shared-events/domain/district/decide-district';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { districtTimeZoneFormSchema, type DistrictTimeZone } from '@accommodate/shared-events/schemas/time-zone';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand } from '../../framework/handle-command.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadDistrictFor } from '../../shared/organisation-access.ts';

/** A district's time zone, in which its records print times (the hearing packet): its admins read and set it. */
export function districtTimeZoneRoutes(context: AppContext): Router {
  const router = Router();

  router.get('/api/districts/:id/time-zone', async (req, res) => {
    const district = await loadDistrictFor(context, requireUser(req), idParam(req));
    res.json({ timeZone: district.timeZone ?? null } satisfies DistrictTimeZone);
  });

  router.put('/api/districts/:id/time-zone', async (req, res) => {
    const userId = requireUser(req);
    const district = await loadDistrictFor(context, userId, idParam(req));
    const { timeZone } = districtTimeZoneFormSchema.parse(req.body);
    await handleCommand(context, districtDecider, streamName('district', district.id), { type: 'SetTimeZone', districtId: district.id, userId, timeZone }, { actor: { userId } });
    res.json({ timeZone } satisfies DistrictTimeZone);
  });

  return router;
}
