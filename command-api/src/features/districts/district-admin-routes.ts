import { Router } from 'express';
import type { DistrictAdmin } from '@accommodate/shared-events/schemas/school';
import { SYSTEM_ACTOR } from '@accommodate/shared-events/events/envelope';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { districtDecider } from '@accommodate/shared-events/domain/district/decide-district';
import { userQueries } from '@accommodate/projections/queries/users-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand } from '../../framework/handle-command.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadDistrictFor } from '../../shared/organisation-access.ts';

const byNameThenEmail = (a: DistrictAdmin, b: DistrictAdmin) => (a.name ?? '\uffff').localeCompare(b.name ?? '\uffff') || a.email.localeCompare(b.email);

/** A district's admins, seen and removed by its admins (Settings → District); POST …/admins invites one. */
export function districtAdminRoutes(context: AppContext): Router {
  const router = Router();
  const users = userQueries(context.readStore);

  router.get('/api/districts/:id/admins', async (req, res) => {
    const district = await loadDistrictFor(context, requireUser(req), idParam(req));
    const active = await Promise.all(
      // The system that provisioned a district is nobody's account: not listed, not removable.
      district.adminIds
        .filter((userId) => userId !== SYSTEM_ACTOR.userId)
        .map(async (userId): Promise<DistrictAdmin> => {
          const user = await users.userById(userId);
          const invitation = Object.values(district.admins).find((admin) => admin.granteeUserId === userId);
          return { id: userId, userId, name: user?.name ?? null, email: user?.email ?? invitation?.email ?? '', status: 'active' };
        }),
    );
    const pending = Object.values(district.admins)
      .filter((admin) => admin.granteeUserId === null)
      .map((admin): DistrictAdmin => ({ id: admin.adminId, userId: null, name: null, email: admin.email, status: 'pending' }));
    res.json([...active.sort(byNameThenEmail), ...pending.sort(byNameThenEmail)]);
  });

  // The role ends with this answer: the read models include the removal before it is sent, so the person's next
  // request to the district finds none.
  router.delete('/api/districts/:id/admins/:userId', async (req, res) => {
    const userId = requireUser(req);
    const district = await loadDistrictFor(context, userId, idParam(req));
    const admin = idParam(req, 'userId');
    await handleCommand(context, districtDecider, streamName('district', district.id), { type: 'RemoveDistrictAdmin', districtId: district.id, userId, admin }, { actor: { userId } });
    res.status(204).end();
  });

  return router;
}
