import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { accommodationFormSchema, type Accommodation } from '@accommodate/shared-events/schemas/accommodation';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { ACCOMMODATIONS } from '@accommodate/projections/definitions/accommodation-library-projection';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand } from '../../framework/handle-command.ts';
import { notFound } from '../../http/errors.ts';
import { expectedRevisionFrom, setEtag } from '../../http/concurrency.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { withStaleAsCurrent } from '../../framework/stale-record.ts';
import { accommodationDecider } from './decide-accommodation.ts';

const byName = (a: Accommodation, b: Accommodation) => a.name.localeCompare(b.name);

export function accommodationRoutes(context: AppContext): Router {
  const router = Router();
  const library = () => context.readStore.collection<Accommodation>(ACCOMMODATIONS);

  const readBack = async (id: string) => {
    const accommodation = await library().get(id);
    if (!accommodation) throw notFound('Accommodation');
    return accommodation;
  };

  router.get('/api/accommodations/defaults', async (req, res) => {
    const userId = requireUser(req);
    const [templates, own] = await Promise.all([library().find({ ownerId: null }), library().find({ ownerId: userId })]);
    res.json([...templates.sort(byName), ...own.sort(byName)]);
  });

  router.post('/api/accommodations', async (req, res) => {
    const userId = requireUser(req);
    const input = accommodationFormSchema.parse(req.body);
    const accommodationId = randomUUID();
    const details = { name: input.name, category: input.category, description: input.description || null };
    const result = await handleCommand(
      context,
      accommodationDecider,
      streamName('accommodation', accommodationId),
      { type: 'AddAccommodation', accommodationId, ownerId: userId, details },
      { actor: { userId }, expectedRevision: -1 },
    );
    setEtag(res, result.revision);
    res.status(201).json(await readBack(accommodationId));
  });

  router.patch('/api/accommodations/:id', async (req, res) => {
    const userId = requireUser(req);
    const accommodationId = idParam(req);
    const input = accommodationFormSchema.parse(req.body);
    const details = { name: input.name, category: input.category, description: input.description || null };
    const streamId = streamName('accommodation', accommodationId);
    const result = await withStaleAsCurrent(
      context,
      streamId,
      () =>
        handleCommand(
          context,
          accommodationDecider,
          streamId,
          { type: 'UpdateAccommodation', accommodationId, userId, details },
          { actor: { userId }, expectedRevision: expectedRevisionFrom(req) },
        ),
      () => library().get(accommodationId),
    );
    setEtag(res, result.revision);
    res.json(await readBack(accommodationId));
  });

  router.delete('/api/accommodations/:id', async (req, res) => {
    const userId = requireUser(req);
    const accommodationId = idParam(req);
    const streamId = streamName('accommodation', accommodationId);
    await withStaleAsCurrent(
      context,
      streamId,
      () =>
        handleCommand(
          context,
          accommodationDecider,
          streamId,
          { type: 'RemoveAccommodation', accommodationId, userId },
          { actor: { userId }, expectedRevision: expectedRevisionFrom(req) },
        ),
      () => library().get(accommodationId),
    );
    res.status(204).end();
  });

  return router;
}
