import type { Accommodation } from '@accommodate/shared-events/schemas/accommodation';
import type { AccommodationEvent } from '@accommodate/shared-events/events/accommodation-events';
import { ACCOMMODATION_EVENT_TYPES } from '@accommodate/shared-events/domain/accommodation/accommodation';
import { defineProjection } from './projection.ts';

export const ACCOMMODATIONS = 'accommodations';

/** The library behind GET /api/accommodations/defaults: shared templates (ownerId null) and each teacher's own. */
export const accommodationLibraryProjection = defineProjection<AccommodationEvent>({
  name: 'accommodation-library',
  version: 2,
  collections: [ACCOMMODATIONS],
  handles: ACCOMMODATION_EVENT_TYPES,
  async apply(event, context) {
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
          appliesToTests: event.data.appliesToTests,
          revision: event.revision,
        });
        break;
      case 'AccommodationUpdated':
        if (!existing) return;
        context.put<Accommodation>(ACCOMMODATIONS, {
          ...existing,
          name: event.data.name,
          category: event.data.category,
          description: event.data.description,
          appliesToTests: event.data.appliesToTests,
          revision: event.revision,
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
      message: { entity: 'accommodation', id, revision: event.revision, actorId: event.actor.userId },
      audience: [ownerId],
    });
  },
});
