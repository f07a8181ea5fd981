import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { planFormSchema, planPatchSchema, type Plan } from '@accommodate/shared-events/schemas/plan';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { PLANS } from '@accommodate/projections/definitions/caseload-collections';
import type { PlanDoc } from '@accommodate/projections/definitions/caseload-projection';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand } from '../../framework/handle-command.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { expectedRevisionFrom, setEtag } from '../../http/concurrency.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadStudentFor, studentsVisibleTo } from '../students/student-access.ts';
import { withStaleAsCurrent } from '../../framework/stale-record.ts';
import { planDecider } from '@accommodate/shared-events/domain/plan/decide-plan';

export function toPlan(doc: PlanDoc): Plan {
  const { viewerIds: _viewers, ...plan } = doc;
  return plan;
}

const byReviewDate = (a: PlanDoc, b: PlanDoc) => a.reviewDate.localeCompare(b.reviewDate) || a.id.localeCompare(b.id);

export function planRoutes(context: AppContext): Router {
  const router = Router();
  const plans = () => context.readStore.collection<PlanDoc>(PLANS);

  /** A plan is visible exactly when its student is; otherwise it is not found. */
  const loadPlanFor = async (userId: string, planId: string, need: 'view' | 'edit') => {
    const plan = await plans().get(planId);
    if (!plan) throw notFound('Plan');
    try {
      await loadStudentFor(context, userId, plan.studentId, need);
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) throw notFound('Plan');
      throw error;
    }
    return plan;
  };

  router.get('/api/plans', async (req, res) => {
    const userId = requireUser(req);
    // The read model's viewers, less shares whose expiry date has passed before the expiry job ran.
    const students = new Set((await studentsVisibleTo(context, userId)).map((student) => student.id));
    const visible = (await plans().find({ viewerIds: userId })).filter((plan) => students.has(plan.studentId));
    res.json(visible.sort(byReviewDate).map(toPlan));
  });

  router.get('/api/plans/:id', async (req, res) => {
    const plan = await loadPlanFor(requireUser(req), idParam(req), 'view');
    setEtag(res, plan.revision);
    res.json(toPlan(plan));
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
          caseManager: input.caseManager || null,
        },
      },
      { actor: { userId }, expectedRevision: -1 },
    );
    const created = await plans().get(planId);
    if (!created) throw notFound('Plan');
    setEtag(res, result.revision);
    res.status(201).json(toPlan(created));
  });

  router.patch('/api/plans/:id', async (req, res) => {
    const userId = requireUser(req);
    const planId = idParam(req);
    await loadPlanFor(userId, planId, 'edit');
    const patch = planPatchSchema.parse(req.body);
    const stream = streamName('plan', planId);
    const result = await withStaleAsCurrent(
      context,
      stream,
      () =>
        handleCommand(
          context,
          planDecider,
          stream,
          {
            type: 'UpdatePlan',
            planId,
            changes: {
              ...patch,
              ...(patch.caseManager !== undefined ? { caseManager: patch.caseManager || null } : {}),
            },
          },
          { actor: { userId }, expectedRevision: expectedRevisionFrom(req) },
        ),
      async () => {
        const current = await plans().get(planId);
        return current ? toPlan(current) : null;
      },
    );
    const updated = await plans().get(planId);
    if (!updated) throw notFound('Plan');
    setEtag(res, result.revision);
    res.json(toPlan(updated));
  });

  return router;
}
