import { Router } from 'express';
import { z } from 'zod';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { planAmendmentSchema } from '@accommodate/shared-events/schemas/plan-version';
import { planDecider, type PlanCommand } from '@accommodate/shared-events/domain/plan/decide-plan';
import type { StudentDoc } from '@accommodate/projections/queries/caseload-schema';
import { teachersToAsk } from '@accommodate/shared-events/domain/plan/plan-acknowledgement';
import { planAsOf } from '@accommodate/shared-events/domain/plan/plan-revisions';
import { versionInForce } from '@accommodate/shared-events/domain/plan/plan-versions';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand } from '../../framework/handle-command.ts';
import { HttpError } from '../../http/errors.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadPlanFor, restrictedOf } from '../../shared/plan-access.ts';
import type { RecordAccess } from '../../shared/record-access.ts';
import { assertInLibrary } from '../../shared/accommodation-choice.ts';
import { followPlanVersion, planVersionViews, versionContentFor, versionedAccommodations } from '../../shared/plan-versions.ts';
import { mayAccess } from '@accommodate/shared-events/domain/access/student-access';

const dayOf = (instant: Date): string => instant.toISOString().slice(0, 10);
const asOfDaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)));
/** Finalise or amend, less what every version carries (who signs, whom it asks, the accommodations as they read). */
type FinaliseOrAmend =
  | Omit<Extract<PlanCommand, { type: 'FinalisePlan' }>, 'planId' | 'by' | 'teachers' | 'accommodations'>
  | Omit<Extract<PlanCommand, { type: 'AmendPlan' }>, 'planId' | 'by' | 'teachers' | 'accommodations'>;
const versionOf = (state: { status: string; version?: number }): number => (state.status === 'present' ? (state.version ?? 0) : 0);

/** Plan versions: finalise, amend, every version with its differences, and the plan in force on a day. */
export function planVersionRoutes(context: AppContext, recordAccess: RecordAccess): Router {
  const router = Router();
  const recordReader = (student: StudentDoc, userId: string) => ({
    seesRecord: mayAccess(student, userId, 'see-plan-record', context.now()),
    seesPrivate: mayAccess(student, userId, 'see-private', context.now()),
  });

  /** A new version, signed by the user: the student's teachers at this moment are asked to acknowledge it. */
  const makeVersion = async (userId: string, planId: string, student: StudentDoc, command: FinaliseOrAmend, accommodationIds: readonly string[]) => {
    const signed = { planId, by: userId, teachers: teachersToAsk(student, context.now()), accommodations: await versionedAccommodations(context, student, accommodationIds) };
    const result = await handleCommand(context, planDecider, streamName('plan', planId), { ...command, ...signed }, { actor: { userId } });
    return versionOf(result.state);
  };

  router.post('/api/plans/:id/finalise', async (req, res) => {
    const userId = requireUser(req);
    const { plan, student } = await loadPlanFor(context, userId, idParam(req), 'edit');
    const version = await makeVersion(userId, plan.id, student, { type: 'FinalisePlan', effectiveDate: dayOf(context.now()) }, student.accommodationIds);
    res.json({ version });
  });

  router.post('/api/plans/:id/amendments', async (req, res) => {
    const userId = requireUser(req);
    const { plan, student } = await loadPlanFor(context, userId, idParam(req), 'edit');
    const input = planAmendmentSchema.parse(req.body);
    // A reader of the plan who may not see the impairment and consent keeps them as they are.
    const record = input.record && (mayAccess(student, userId, 'see-plan-record', context.now()) ? input.record : { ...input.record, ...restrictedOf(plan.record) });
    // The student form's rule: what is new must be in the caller's library; what the student has may stay.
    await assertInLibrary(context, userId, input.accommodationIds.filter((id) => !student.accommodationIds.includes(id)));
    const changes = { ...(input.startDate ? { startDate: input.startDate } : {}), ...(input.reviewDate ? { reviewDate: input.reviewDate } : {}) };
    const command = { type: 'AmendPlan' as const, reason: input.reason, effectiveDate: input.effectiveDate, changes, ...(record ? { record } : {}) };
    const version = await makeVersion(userId, plan.id, student, command, input.accommodationIds);
    await followPlanVersion(context, userId, student.id, input.accommodationIds);
    res.status(201).json({ version });
  });

  router.get('/api/plans/:id/versions', async (req, res) => {
    const userId = requireUser(req);
    const { plan, student } = await loadPlanFor(context, userId, idParam(req), 'view');
    const versions = await planVersionViews(context, plan.id, recordReader(student, userId));
    await recordAccess(req, { studentId: plan.studentId, userId, action: 'view', what: `Plan ${plan.id} versions` });
    res.json(versions);
  });

  // Before the plan routes: only a read with ?asOf stops here (the access log's route has recorded the view).
  router.get('/api/plans/:id', async (req, res, next) => {
    if (req.query.asOf === undefined) return next();
    const parsed = asOfDaySchema.safeParse(req.query.asOf);
    if (!parsed.success) throw new HttpError(400, 'asOf must be a date in the form YYYY-MM-DD');
    const day = parsed.data;
    const userId = requireUser(req);
    const { plan, student } = await loadPlanFor(context, userId, idParam(req), 'view');
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
    const { accommodations, record, ...dates } = versionContentFor(inForce.content, recordReader(student, userId));
    res.json({ ...then, ...dates, asOf: day, version: inForce.version, effectiveDate: inForce.effectiveDate, accommodations, ...(record ? { record } : {}) });
  });

  return router;
}
