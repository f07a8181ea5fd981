import { Router } from 'express';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { NotFoundError } from '@accommodate/shared-events/domain/errors';
import { mayAccess } from '@accommodate/shared-events/domain/access/student-access';
import { planDecider } from '@accommodate/shared-events/domain/plan/decide-plan';
import { planRecordSchema } from '@accommodate/shared-events/schemas/plan-record';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand } from '../../framework/handle-command.ts';
import { expectedRevisionFrom, setEtag } from '../../http/concurrency.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadPlanFor, planFor, restrictedOf } from '../../shared/plan-access.ts';

/**
 * The plan record: what the 504 meeting decided, replaced whole on a draft plan (a final plan's record
 * changes through an amendment). Someone who may edit the plan but not 'see-plan-record' (a co-teacher) keeps the
 * impairment, life activities and consent as they are, whatever the body says of them.
 */
export function planRecordRoutes(context: AppContext): Router {
  const router = Router();
  const caseload = caseloadQueries(context.readStore);

  router.put('/api/plans/:id/record', async (req, res) => {
    const userId = requireUser(req);
    const planId = idParam(req);
    const { plan, student } = await loadPlanFor(context, userId, planId, 'edit');
    const input = planRecordSchema.parse(req.body);
    const record = mayAccess(student, userId, 'see-plan-record', context.now()) ? input : { ...input, ...restrictedOf(plan.record) };
    const command = { type: 'RecordPlan' as const, planId, record, accommodationIds: student.accommodationIds };
    const result = await handleCommand(context, planDecider, streamName('plan', planId), command, {
      actor: { userId },
      expectedRevision: expectedRevisionFrom(req),
      currentOnStale: async () => {
        const current = await caseload.planById(planId);
        return current ? planFor(context, current, student, userId) : null;
      },
    });
    const updated = await caseload.planById(planId);
    if (!updated) throw new NotFoundError('Plan');
    setEtag(res, result.revision);
    res.json(await planFor(context, updated, student, userId));
  });

  return router;
}
