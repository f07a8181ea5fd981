import { Router } from 'express';
import { z } from 'zod';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { planAmendmentSchema } from '@accommodate/shared-events/schemas/plan-version';
import { planDecider } from '@accommodate/shared-events/domain/plan/decide-plan';
import { teachersToAsk } from '@accommodate/shared-events/domain/plan/plan-acknowledgement';
import { planAsOf } from '@accommodate/shared-events/domain/plan/plan-revisions';
import { versionInForce } from '@accommodate/shared-events/domain/plan/plan-versions';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand } from '../../framework/handle-command.ts';
import { HttpError } from '../../http/errors.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadPlanFor } from '../../shared/plan-access.ts';
import type { RecordAccess } from '../../shared/record-access.ts';
import { assertInLibrary } from '../../shared/accommodation-choice.ts';
import { followPlanVersion, planVersionViews, versionedAccommodations } from '../../shared/plan-versions.ts';

const dayOf = (instant: Date): string => instant.toISOString().slice(0, 10);
const asOfDaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)));
const versionOf = (state: { status: string; version?: number }): number => (state.status === 'present' ? (state.version ?? 0) : 0);

/** Plan versions (issue 27): finalise, amend, every version with its differences, and the plan in force on a day. */
export function planVersionRoutes(context: AppContext, recordAccess: RecordAccess): Router {
  const router = Router();

  router.post('/api/plans/:id/finalise', async (req, res) => {
    const userId = requireUser(req);
    const { plan, student } = await loadPlanFor(context, userId, idParam(req), 'edit');
    const now = context.now();
    const result = await handleCommand(
      context,
      planDecider,
      streamName('plan', plan.id),
      {
        type: 'FinalisePlan',
        planId: plan.id,
        by: userId,
        effectiveDate: dayOf(now),
        accommodations: await versionedAccommodations(context, student, student.accommodationIds),
        teachers: teachersToAsk(student, now),
      },
      { actor: { userId } },
    );
    res.json({ version: versionOf(result.state) });
  });

  router.post('/api/plans/:id/amendments', async (req, res) => {
    const userId = requireUser(req);
    const { plan, student } = await loadPlanFor(context, userId, idParam(req), 'edit');
    const input = planAmendmentSchema.parse(req.body);
    // The student form's rule: what is new must be in the caller's library; what the student has may stay.
    await assertInLibrary(context, userId, input.accommodationIds.filter((id) => !student.accommodationIds.includes(id)));
    const result = await handleCommand(
      context,
      planDecider,
      streamName('plan', plan.id),
      {
        type: 'AmendPlan',
        planId: plan.id,
        by: userId,
        reason: input.reason,
        effectiveDate: input.effectiveDate,
        changes: {},
        accommodations: await versionedAccommodations(context, student, input.accommodationIds),
        teachers: teachersToAsk(student, context.now()),
      },
      { actor: { userId } },
    );
    await followPlanVersion(context, userId, student.id, input.accommodationIds);
    res.status(201).json({ version: versionOf(result.state) });
  });

  router.get('/api/plans/:id/versions', async (req, res) => {
    const userId = requireUser(req);
    const { plan } = await loadPlanFor(context, userId, idParam(req), 'view');
    const versions = await planVersionViews(context, plan.id);
    await recordAccess(req, { studentId: plan.studentId, userId, action: 'view', what: `Plan ${plan.id} versions` });
    res.json(versions);
  });

  // Before the plan routes: only a read with ?asOf stops here (the access log's route has recorded the view).
  router.get('/api/plans/:id', async (req, res, next) => {
    if (req.query.asOf === undefined) return next();
    const parsed = asOfDaySchema.safeParse(req.query.asOf);
    if (!parsed.success) throw new HttpError(400, 'asOf must be a date in the form YYYY-MM-DD');
    const day = parsed.data;
    const { plan } = await loadPlanFor(context, requireUser(req), idParam(req), 'view');
    const events = await context.eventStore.readStream(streamName('plan', plan.id));
    const then = planAsOf(events, `${day}T23:59:59.999Z`);
    if (!then) throw new HttpError(404, 'The plan did not exist on that date');
    const inForce = versionInForce(events, day);
    if (!inForce) {
      // Never final by then: the plan as it stood at the end of that day, as the student's as-of view shows it.
      const { version: _version, ...draft } = then;
      res.json({ ...draft, asOf: day });
      return;
    }
    const { accommodations, ...dates } = inForce.content;
    res.json({ ...then, ...dates, asOf: day, version: inForce.version, effectiveDate: inForce.effectiveDate, accommodations });
  });

  return router;
}
