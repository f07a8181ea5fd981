import { randomUUID } from 'node:crypto';
import { Router, type Request } from 'express';
import { accommodationFormSchema, type Accommodation } from '@accommodate/shared-events/schemas/accommodation';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { NotFoundError } from '@accommodate/shared-events/domain/errors';
import { libraryQueries } from '@accommodate/projections/queries/accommodation-library-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand } from '../../framework/handle-command.ts';
import { expectedRevisionFrom, setEtag } from '../../http/concurrency.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { accommodationDecider, type AccommodationCommand } from '@accommodate/shared-events/domain/accommodation/decide-accommodation';

const detailsFrom = (body: unknown) => {
  const input = accommodationFormSchema.parse(body);
  return { name: input.name, category: input.category, description: input.description || null, appliesToTests: input.appliesToTests };
};

const byName = (a: Accommodation, b: Accommodation) => a.name.localeCompare(b.name);

export function accommodationRoutes(context: AppContext): Router {
  const router = Router();
  const library = libraryQueries(context.readStore);

  const readBack = async (id: string) => {
    const accommodation = await library.accommodationById(id);
    if (!accommodation) throw new NotFoundError('Accommodation');
    return accommodation;
  };

  /**
   * A change to an existing accommodation, under the client's If-Match; stale → 412 with the current one. Someone
   * else's is not found first: the revision check comes before the decider's ownership check, and a 412 would hand
   * over its contents. Templates go on to the decider, which refuses them with 403.
   */
  const decideOn = async (req: Request, accommodationId: string, command: AccommodationCommand, userId: string) => {
    const existing = await library.accommodationById(accommodationId);
    if (!existing || (existing.ownerId !== null && existing.ownerId !== userId)) throw new NotFoundError('Accommodation');
    return handleCommand(context, accommodationDecider, streamName('accommodation', accommodationId), command, {
      actor: { userId },
      expectedRevision: expectedRevisionFrom(req),
      currentOnStale: () => library.accommodationById(accommodationId),
    });
  };

  router.get('/api/accommodations/defaults', async (req, res) => {
    const userId = requireUser(req);
    const [templates, own] = await Promise.all([library.templates(), library.ownedBy(userId)]);
    res.json([...templates.sort(byName), ...own.sort(byName)]);
  });

  router.post('/api/accommodations', async (req, res) => {
    const userId = requireUser(req);
    const details = detailsFrom(req.body);
    const accommodationId = randomUUID();
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
    const details = detailsFrom(req.body);
    const result = await decideOn(
      req,
      accommodationId,
      { type: 'UpdateAccommodation', accommodationId, userId, details },
      userId,
    );
    setEtag(res, result.revision);
    res.json(await readBack(accommodationId));
  });

  router.delete('/api/accommodations/:id', async (req, res) => {
    const userId = requireUser(req);
    const accommodationId = idParam(req);
    await decideOn(req, accommodationId, { type: 'RemoveAccommodation', accommodationId, userId }, userId);
    res.status(204).end();
  });

  return router;
}
