import type { EventEnvelope } from '@accommodate/shared-events/events/envelope';
import type { ChangeMessage } from '@accommodate/shared-events/schemas/change-message';
import type { ProjectionContext } from './projection.ts';

/** A poke about a caseload record, to the users who may see it, naming who made the change. */
export const announce = (context: ProjectionContext, envelope: EventEnvelope, message: Omit<ChangeMessage, 'actorId'>, audience: readonly string[]) =>
  context.announce({ message: { ...message, actorId: envelope.actor.userId }, audience });

/** A redelivered or older event of the stream is skipped, so replays after a reconnect are harmless. */
export const alreadyApplied = (doc: { revision: number } | null, envelope: EventEnvelope) => doc !== null && envelope.revision <= doc.revision;
