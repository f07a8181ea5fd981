import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { planFormSchema, planPatchSchema } from '@accommodate/shared-events/schemas/plan';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { NotFoundError } from '@accommodate/shared-events/domain/errors';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import type { PlanDoc } from '@accommodate/projections/queries/caseload-schema';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand } from '../../framework/handle-command.ts';
import { expectedRevisionFrom, setEtag } from '../../http/concurrency.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadStudentFor } from '../../shared/student-access.ts';
import { loadPlanFor, planFor, toPlan } from '../../shared/plan-access.ts';
import { planDecider } from '@accommodate/shared-events/domain/plan/decide-plan';

const byReviewDate = (a: PlanDoc, b: PlanDoc) => a.reviewDate.localeCompare(b.reviewDate) || a.id.localeCompare(b.id);

export function planRoutes(context: AppContext): Router {
  const router = Router();
  const caseload = caseloadQueries(context.readStore);

  /** The plan as it now reads to `userId`, who may view its student. */
  const readBack = async (planId: string, userId: string) => {
    const plan = await caseload.planById(planId);
    const student = await caseload.studentById(plan?.studentId ?? '');
    if (!plan || !student) throw new NotFoundError('Plan');
    return planFor(context, plan, student, userId);
  };

  router.get('/api/plans', async (req, res) => {
    const userId = requireUser(req);
    // The read model's viewers, less shares whose expiry date has passed before the expiry job ran.
    const visible = await caseload.plansVisibleTo(userId, context.now());
    res.json(visible.sort(byReviewDate).map(toPlan));
  });

  router.get('/api/plans/:id', async (req, res) => {
    const userId = requireUser(req);
    const { plan, student } = await loadPlanFor(context, userId, idParam(req), 'view');
    setEtag(res, plan.revision);
    res.json(await planFor(context, plan, student, userId));
  });

  router.post('/api/students/:id/plans', async (req, res) => {
    const userId = requireUser(req);
    const student = await loadStudentFor(context, userId, idParam(req), 'edit');
    const input = planFormSchema.parse(req.body);
    const planId = randomUUID();
    const result = await handleCommand(
      context,
      planDecider,
      streamName('plan', planId),
      {
        type: 'CreatePlan',
        planId,
        studentId: student.id,
        fields: {
          startDate: input.startDate,
          reviewDate: input.reviewDate,
          status: input.status,
          meetingDate: input.meetingDate ?? null,
          // The case manager is the student's now; the plan keeps the field only for what older plans recorded.
          caseManager: null,
        },
      },
      { actor: { userId }, expectedRevision: -1 },
    );
    const created = await readBack(planId, userId);
    setEtag(res, result.revision);
    res.status(201).json(created);
  });

  router.patch('/api/plans/:id', async (req, res) => {
    const userId = requireUser(req);
    const planId = idParam(req);
    const { student } = await loadPlanFor(context, userId, planId, 'edit');
    // An empty case manager, which older forms send, leaves what an older plan recorded as it was.
    const { caseManager: _retired, ...changes } = planPatchSchema.parse(req.body);
    const result = await handleCommand(context, planDecider, streamName('plan', planId), { type: 'UpdatePlan', planId, changes }, {
      actor: { userId },
      expectedRevision: expectedRevisionFrom(req),
      currentOnStale: async () => {
        const current = await caseload.planById(planId);
        return current ? planFor(context, current, student, userId) : null;
      },
    });
    const updated = await readBack(planId, userId);
    setEtag(res, result.revision);
    res.json(updated);
  });

  return router;
}
