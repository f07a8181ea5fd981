import { z } from 'zod';

/** Global position in the log. A bigint, because EventStoreDB commit positions exceed 2^53. */
export type Position = bigint;

export const actorSchema = z.object({ userId: z.string() });
export type Actor = z.infer<typeof actorSchema>;

/** The system itself, for events no person caused (template seeding, scheduled reminders). */
export const SYSTEM_ACTOR: Actor = { userId: 'system' };

/**
 * The district's student information system: the author of what a roster import writes into students, classes and
 * schools. The admin who started the import is named on the import's own stream (and the correlation id leads there);
 * the records are the school's, and their history says so.
 */
export const SIS_ACTOR: Actor = { userId: 'sis' };

/** Every event, as read back from any store, travels in this envelope. */
export interface EventEnvelope<T extends string = string, D = unknown> {
  eventId: string;
  type: T;
  data: D;
  streamId: string;
  /** Zero-based revision of this event within its stream. */
  revision: number;
  position: Position;
  occurredAt: string;
  actor: Actor;
  correlationId: string;
  causationId: string | null;
  /** The version the data now has, after upcasting. */
  schemaVersion: number;
}

/** What a command hands to the store: the envelope fields the store fills in are absent. */
export interface EventMetadata {
  actor: Actor;
  correlationId: string;
  causationId: string | null;
}

/** Metadata as persisted beside the data in both stores. */
export const storedMetadataSchema = z.object({
  actor: actorSchema,
  correlationId: z.string(),
  causationId: z.string().nullable(),
  occurredAt: z.string(),
});
export type StoredMetadata = z.infer<typeof storedMetadataSchema>;
