import { z } from 'zod';
import { defineEvent, type EventOf } from './define-event.ts';

const fields = {
  accommodationId: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  description: z.string().nullable(),
};

/** ownerId null marks a pre-built template shared by every teacher. */
export const AccommodationAdded = defineEvent(
  'AccommodationAdded',
  1,
  z.object({ ...fields, ownerId: z.string().nullable() }),
);
export const AccommodationUpdated = defineEvent('AccommodationUpdated', 1, z.object(fields));
export const AccommodationRemoved = defineEvent('AccommodationRemoved', 1, z.object({ accommodationId: z.string() }));

export const ACCOMMODATION_EVENTS = [AccommodationAdded, AccommodationUpdated, AccommodationRemoved] as const;
export type AccommodationEvent = EventOf<(typeof ACCOMMODATION_EVENTS)[number]>;
