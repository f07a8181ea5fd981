import { Router } from 'express';
import { z } from 'zod';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { studentAsOf, studentWithAccommodationsAsOf } from '@accommodate/shared-events/domain/student/student-as-of';
import { planAsOf, planRevisions } from '@accommodate/shared-events/domain/plan/plan-revisions';
import { NotFoundError } from '@accommodate/shared-events/domain/errors';
import { mayAccess } from '@accommodate/shared-events/domain/access/student-access';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { personLookup } from '@accommodate/projections/queries/users-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { HttpError } from '../../http/errors.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadStudentFor } from '../../shared/student-access.ts';
import type { RecordAccess } from '../../shared/record-access.ts';
import { studentHistory } from '../../shared/student-history.ts';
import { loadAccommodationStreams, loadStudentStreams } from '../../shared/student-streams.ts';

const asOfSchema = z.string().datetime({ offset: true });

/** History (who changed what, when), the record as of a past instant, and plan versions. */
export function historyRoutes(context: AppContext, recordAccess: RecordAccess): Router {
  const router = Router();

  router.get('/api/students/:id/history', async (req, res) => {
    const userId = requireUser(req);
    const student = await loadStudentFor(context, userId, idParam(req), 'see-history');
    const history = await studentHistory(context, student.id, mayAccess(student, userId, 'see-plan-record', context.now()));
    // The history carries every past value of the record's fields: reading it is a view (34 CFR 99.32).
    await recordAccess(req, { studentId: student.id, userId, action: 'view', what: 'Student record history' });
    res.json(history);
  });

  // Mounted before the student routes: only a request with ?asOf stops here.
  router.get('/api/students/:id', async (req, res, next) => {
    if (req.query.asOf === undefined) return next();
    const parsed = asOfSchema.safeParse(req.query.asOf);
    if (!parsed.success) throw new HttpError(400, 'asOf must be an ISO-8601 date and time');
    const asOf = new Date(parsed.data).toISOString();
    const userId = requireUser(req);
    const current = await loadStudentFor(context, userId, idParam(req), 'see-history');
    const streams = await loadStudentStreams(context, current.id);
    const assigned = studentAsOf(streams.student, asOf)?.accommodationIds ?? [];
    const student = studentWithAccommodationsAsOf(streams.student, await loadAccommodationStreams(context, assigned), asOf);
    if (!student) throw new HttpError(404, 'The student did not exist at that time');
    const plans = streams.plans.map((events) => planAsOf(events, asOf)).filter((plan) => plan !== null);
    await recordAccess(req, { studentId: current.id, userId, action: 'view', what: 'Student record as of a past date' });
    res.json({ ...student, asOf, plans });
  });

  router.get('/api/plans/:id/revisions', async (req, res) => {
    const userId = requireUser(req);
    const plan = await caseloadQueries(context.readStore).planById(idParam(req));
    if (!plan) throw new NotFoundError('Plan');
    await loadStudentFor(context, userId, plan.studentId, 'see-history', 'Plan');
    await recordAccess(req, { studentId: plan.studentId, userId, action: 'view', what: `Plan ${plan.id} revisions` });
    const lookup = personLookup(context.readStore);
    const versions = planRevisions(await context.eventStore.readStream(streamName('plan', plan.id)));
    res.json(
      await Promise.all(
        versions.reverse().map(async ({ revision, at, actorId, plan: state }) => ({ revision, at, actor: await lookup(actorId), plan: state })),
      ),
    );
  });

  return router;
}
