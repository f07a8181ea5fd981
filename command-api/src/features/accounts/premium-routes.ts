import { Router } from 'express';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { userDecider } from '@accommodate/shared-events/domain/account/decide-user';
import { studentDecider } from '@accommodate/shared-events/domain/student/decide-student';
import { followPlan } from '@accommodate/shared-events/domain/student/free-plan-archive';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { awaitReadModelsAtHead, handleCommand } from '../../framework/handle-command.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadCurrentUser } from '../../shared/current-user.ts';

/**
 * The account's plan. Upgrading lifts the student limit and brings back every student archived when Premium last
 * ended; cancelling makes the account Free and archives its students beyond the free limit, the ones
 * added last (free-plan-archive.ts). Archived students are kept, and read-only for everyone who reaches them.
 */
export function premiumRoutes(context: AppContext): Router {
  const router = Router();
  const followAccountPlan = async (userId: string, isPremium: boolean) => {
    const { type, studentIds } = followPlan(isPremium, await caseloadQueries(context.readStore).studentsOwnedBy(userId));
    for (const studentId of studentIds) {
      await handleCommand(context, studentDecider, streamName('student', studentId), { type, studentId }, { actor: { userId } });
    }
  };

  router.post('/api/upgrade-to-premium', async (req, res) => {
    const userId = requireUser(req);
    await handleCommand(context, userDecider, streamName('user', userId), { type: 'UpgradeToPremium', userId }, {
      actor: { userId },
    });
    await followAccountPlan(userId, true);
    await awaitReadModelsAtHead(context);
    res.json(await loadCurrentUser(context, userId));
  });

  router.post('/api/cancel-premium', async (req, res) => {
    const userId = requireUser(req);
    await handleCommand(context, userDecider, streamName('user', userId), { type: 'CancelPremium', userId }, { actor: { userId } });
    await followAccountPlan(userId, false);
    // The workers follow the account's event too (a crash here leaves no student behind): the answer shows theirs.
    await awaitReadModelsAtHead(context);
    res.json(await loadCurrentUser(context, userId));
  });

  return router;
}
