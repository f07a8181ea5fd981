import type { Accommodation } from '@accommodate/shared-events/schemas/accommodation';
import type { AccommodationEvent } from '@accommodate/shared-events/events/accommodation-events';
import type { Projection } from './projection.ts';

export const ACCOMMODATIONS = 'accommodations';

/** The library behind GET /api/accommodations/defaults: shared templates (ownerId null) and each teacher's own. */
export const accommodationLibraryProjection: Projection = {
  name: 'accommodation-library',
  version: 1,
  collections: [ACCOMMODATIONS],
  handles: ['AccommodationAdded', 'AccommodationUpdated', 'AccommodationRemoved'],
  async apply(envelope, context) {
    const event = envelope as unknown as AccommodationEvent;
    const id = event.data.accommodationId;
    const existing = await context.get<Accommodation>(ACCOMMODATIONS, id);
    let ownerId: string | null = existing?.ownerId ?? null;
    switch (event.type) {
      case 'AccommodationAdded':
        ownerId = event.data.ownerId;
        context.put<Accommodation>(ACCOMMODATIONS, {
          id,
          name: event.data.name,
          category: event.data.category,
          description: event.data.description,
          isTemplate: event.data.ownerId === null,
          ownerId: event.data.ownerId,
          revision: envelope.revision,
        });
        break;
      case 'AccommodationUpdated':
        if (!existing) return;
        context.put<Accommodation>(ACCOMMODATIONS, {
          ...existing,
          name: event.data.name,
          category: event.data.category,
          description: event.data.description,
          revision: envelope.revision,
        });
        break;
      case 'AccommodationRemoved':
        if (!existing) return;
        context.delete(ACCOMMODATIONS, id);
        break;
    }
    // Templates change only when seeded at start-up; nobody has a screen to refresh for that.
    if (ownerId === null) return;
    context.announce({
      message: { entity: 'accommodation', id, revision: envelope.revision, actorId: envelope.actor.userId },
      audience: [ownerId],
    });
  },
};
