import { Router } from 'express';
import { z } from 'zod';
import { PLANS } from '@accommodate/projections/definitions/caseload-collections';
import type { PlanDoc } from '@accommodate/projections/definitions/caseload-projection';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import type { AppContext } from '../../framework/command-context.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadStudentFor, personLookup } from '../students/student-access.ts';
import type { RecordAccess } from '../access-log/record-access.ts';
import { buildHistory } from './student-history.ts';
import { planAsOf, planVersions, studentAsOf } from './student-as-of.ts';
import { accommodationsById, loadStudentStreams, mentionedAccommodations } from './student-streams.ts';

const asOfSchema = z.string().datetime({ offset: true });

/** History (who changed what, when), the record as of a past instant, and plan versions. */
export function historyRoutes(context: AppContext, recordAccess: RecordAccess): Router {
  const router = Router();

  router.get('/api/students/:id/history', async (req, res) => {
    const userId = requireUser(req);
    const student = await loadStudentFor(context, userId, idParam(req), 'see-history');
    res.json(await studentHistory(context, student.id));
  });

  // Mounted before the caseload routes: only a request with ?asOf stops here.
  router.get('/api/students/:id', async (req, res, next) => {
    if (req.query.asOf === undefined) return next();
    const parsed = asOfSchema.safeParse(req.query.asOf);
    if (!parsed.success) throw new HttpError(400, 'asOf must be an ISO-8601 date and time');
    const asOf = new Date(parsed.data).toISOString();
    const userId = requireUser(req);
    const current = await loadStudentFor(context, userId, idParam(req), 'see-history');
    const streams = await loadStudentStreams(context, current.id);
    const student = studentAsOf(streams.student, asOf);
    if (!student) throw new HttpError(404, 'The student did not exist at that time');
    const library = await accommodationsById(context, student.accommodationIds);
    const plans = streams.plans.map((events) => planAsOf(events, asOf)).filter((plan) => plan !== null);
    await recordAccess(req, { studentId: current.id, userId, action: 'view', what: 'Student record as of a past date' });
    res.json({ ...student, asOf, accommodations: student.accommodationIds.map((id) => library.get(id)!), plans });
  });

  router.get('/api/plans/:id/versions', async (req, res) => {
    const userId = requireUser(req);
    const plan = await context.readStore.collection<PlanDoc>(PLANS).get(idParam(req));
    if (!plan) throw notFound('Plan');
    try {
      await loadStudentFor(context, userId, plan.studentId, 'see-history');
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) throw notFound('Plan');
      throw error;
    }
    const lookup = personLookup(context);
    const versions = planVersions(await context.eventStore.readStream(streamName('plan', plan.id)));
    res.json(
      await Promise.all(
        versions.reverse().map(async ({ revision, at, actorId, plan: state }) => ({ revision, at, actor: await lookup(actorId), plan: state })),
      ),
    );
  });

  return router;
}

/** The student's whole history, newest first, with people's names resolved. */
export async function studentHistory(context: AppContext, studentId: string) {
  const streams = await loadStudentStreams(context, studentId);
  const library = await accommodationsById(context, mentionedAccommodations(streams.student));
  const lookup = personLookup(context);
  const actorIds = new Set([...streams.student, ...streams.plans.flat(), ...streams.documents.flat()].map((event) => event.actor.userId));
  const people = new Map<string, string>();
  for (const id of actorIds) people.set(id, (await lookup(id)).name);
  return buildHistory(streams, {
    person: (id) => people.get(id) ?? 'Unknown user',
    accommodation: (id) => library.get(id)?.name ?? 'Removed accommodation',
  });
}
