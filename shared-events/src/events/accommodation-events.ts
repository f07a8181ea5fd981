import { z } from 'zod';
import { defineEvent, type EventOf } from './define-event.ts';

const fields = {
  accommodationId: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  description: z.string().nullable(),
  /** v2: it applies to state and district tests, so the testing coordinator's export lists it. */
  appliesToTests: z.boolean(),
};

/** Before v2 nothing was marked for tests: a v1 event reads as not applying to them. */
const notForTests = (older: unknown): unknown => (typeof older === 'object' && older !== null ? { ...older, appliesToTests: false } : older);

/** ownerId null marks a pre-built template shared by every teacher. */
export const AccommodationAdded = defineEvent(
  'AccommodationAdded',
  2,
  z.object({ ...fields, ownerId: z.string().nullable() }),
  { 1: notForTests },
);
export const AccommodationUpdated = defineEvent('AccommodationUpdated', 2, z.object(fields), { 1: notForTests });
export const AccommodationRemoved = defineEvent('AccommodationRemoved', 1, z.object({ accommodationId: z.string() }));

export const ACCOMMODATION_EVENTS = [AccommodationAdded, AccommodationUpdated, AccommodationRemoved] as const;
export type AccommodationEvent = EventOf<(typeof ACCOMMODATION_EVENTS)[number]>;
