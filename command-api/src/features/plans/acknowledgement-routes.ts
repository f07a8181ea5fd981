import { Router } from 'express';
import { z } from 'zod';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import type { PendingAcknowledgement, TeacherAcknowledgement } from '@accommodate/shared-events/schemas/plan-version';
import { NotFoundError } from '@accommodate/shared-events/domain/errors';
import { planDecider } from '@accommodate/shared-events/domain/plan/decide-plan';
import { acknowledgementKey } from '@accommodate/shared-events/domain/plan/plan';
import { acknowledgementTimes, acknowledgers, planVersionsOf } from '@accommodate/shared-events/domain/plan/plan-versions';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { personLookup } from '@accommodate/projections/queries/users-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand } from '../../framework/handle-command.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { idParam } from '../../http/route-params.ts';
import { loadPlanFor } from '../../shared/plan-access.ts';
import { namesOnStudent } from '../../shared/share-take-up.ts';

const versionParam = z.coerce.number().int().min(1).max(1_000_000);

/** Teacher acknowledgement of plan versions: each an event on the plan's stream. */
export function acknowledgementRoutes(context: AppContext): Router {
  const router = Router();
  const caseload = caseloadQueries(context.readStore);

  router.get('/api/acknowledgements/pending', async (req, res) => {
    const userId = requireUser(req);
    const waiting = await caseload.plansAwaitingAcknowledgementBy(userId, context.now());
    const pending: PendingAcknowledgement[] = waiting.map(({ plan, student }) => ({
      planId: plan.id,
      studentId: student.id,
      studentName: student.name,
      version: plan.version ?? 0,
      since: plan.versionSince ?? plan.lastUpdated,
    }));
    res.json(pending.sort((a, b) => a.since.localeCompare(b.since) || a.planId.localeCompare(b.planId)));
  });

  router.post('/api/plans/:id/versions/:version/acknowledgement', async (req, res) => {
    const userId = requireUser(req);
    const { plan } = await loadPlanFor(context, userId, idParam(req), 'acknowledge-plan');
    const parsed = versionParam.safeParse(req.params.version);
    if (!parsed.success) throw new NotFoundError('Plan version');
    const version = parsed.data;
    const result = await handleCommand(context, planDecider, streamName('plan', plan.id), { type: 'AcknowledgeVersion', planId: plan.id, version, userId }, { actor: { userId } });
    // A repeat appends nothing and answers when the first was made.
    const at = acknowledgementTimes(await context.eventStore.readStream(streamName('plan', plan.id))).get(acknowledgementKey(version, userId));
    res.status(result.newEvents.length > 0 ? 201 : 200).json({ at });
  });

  router.get('/api/plans/:id/acknowledgements', async (req, res) => {
    const userId = requireUser(req);
    const { plan, student } = await loadPlanFor(context, userId, idParam(req), 'view');
    const events = await context.eventStore.readStream(streamName('plan', plan.id));
    const latest = planVersionsOf(events).at(-1);
    if (!latest) {
      res.json([]);
      return;
    }
    const times = acknowledgementTimes(events);
    const nameOf = await namesOnStudent(context, student.id, userId, personLookup(context.readStore), acknowledgers(events));
    const teachers: TeacherAcknowledgement[] = [];
    for (const { userId: teacherId, role } of latest.teachers) {
      const acknowledgedAt = times.get(acknowledgementKey(latest.version, teacherId)) ?? null;
      const { id, name, notTakenUp } = await nameOf(teacherId, role);
      if (notTakenUp) continue;
      teachers.push({ userId: id, name, role, version: latest.version, acknowledgedAt, pendingSince: acknowledgedAt === null ? latest.at : null });
    }
    res.json(teachers);
  });

  return router;
}
