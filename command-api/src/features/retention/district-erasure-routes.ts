import { Router } from 'express';
import { confirmsErasure, ERASE_CONFIRMATION } from '@accommodate/shared-events/domain/district/decide-district';
import { districtErasureDecider } from '@accommodate/shared-events/domain/district/district-erasure';
import { IllegalStateError, NotFoundError, ValidationError } from '@accommodate/shared-events/domain/errors';
import { canForgetSubjects } from '@accommodate/shared-events/event-store/shredding-event-store';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { districtErasureFormSchema, type DistrictErasure } from '@accommodate/shared-events/schemas/retention';
import { organisationQueries } from '@accommodate/projections/queries/organisation-queries';
import { retentionQueries } from '@accommodate/projections/queries/retention-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand } from '../../framework/handle-command.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadDistrictFor } from '../../shared/organisation-access.ts';
import { DISTRICT_ERASURE_JOB, districtErasureJobId, HELD_RECORDS_BLOCK_ERASURE, readDistrictErasure } from '../../shared/district-erasure-job.ts';

/**
 * Leaving the product: POST /api/districts/:id/erase {confirmName}, the district's name typed, is checked
 * here (the name, the district's admin, no record on legal hold) and answered 202 {id}: the erasure runs as a job on
 * the API nodes' queue (shared/district-erasure-job.ts), and GET /api/district-erasures/:id says how far it is. Asked
 * again while it is unfinished (a crash cut it short), the same job resumes. What stays is the receipts: each
 * StudentDeleted and DistrictErased, with counts and no personal data.
 */
export function districtErasureRoutes(context: AppContext): Router {
  const router = Router();

  router.post('/api/districts/:id/erase', async (req, res) => {
    const userId = requireUser(req);
    const district = await loadDistrictFor(context, userId, idParam(req));
    const { confirmName } = districtErasureFormSchema.parse(req.body ?? {});
    if (!confirmsErasure(district, confirmName)) throw ValidationError.onField('confirmName', ERASE_CONFIRMATION);
    if (!canForgetSubjects(context.eventStore)) throw new Error('This event store cannot erase personal data');

    const schools = await organisationQueries(context.readStore).schoolsOfDistrict(district.id);
    const held = await retentionQueries(context.readStore).heldInSchools(schools.map((school) => school.id));
    if (held > 0) throw new IllegalStateError(HELD_RECORDS_BLOCK_ERASURE(held));

    await handleCommand(context, districtErasureDecider, streamName('districtErasure', district.id), { type: 'RequestDistrictErasure', districtId: district.id, userId }, { actor: { userId } });
    // Enqueued on every request: a run a crash cut short is taken up again (one job per district at a time).
    await context.apiJobs.enqueue(DISTRICT_ERASURE_JOB, { districtId: district.id }, { jobId: districtErasureJobId(district.id) });
    res.status(202).location(`/api/district-erasures/${district.id}`).json({ id: district.id });
  });

  // The district's admins; once it is erased (it has no admins any more), the admin who erased it, to read the end.
  router.get('/api/district-erasures/:id', async (req, res) => {
    const userId = requireUser(req);
    const id = idParam(req);
    const state = await readDistrictErasure(context.eventStore, id);
    const districtExists = Boolean(await organisationQueries(context.readStore).districtById(id));
    if (districtExists) await loadDistrictFor(context, userId, id);
    else if (state?.requestedBy !== userId) throw new NotFoundError('Erasure');
    // None asked for: an ordinary answer, since every visit to Settings asks, and a 404 there read as a fault.
    if (!state) {
      res.json(null);
      return;
    }
    const { status, progress, studentsErased, message } = state;
    res.json({ id, status, progress, studentsErased, message } satisfies DistrictErasure);
  });

  return router;
}
