import { SYSTEM_ACTOR, type Actor } from '@accommodate/shared-events/events/envelope';
import type { DomainEvent } from '@accommodate/shared-events/events/registry';
import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import type { Decider } from '@accommodate/shared-events/domain/decider';
import { decideOnStream } from '@accommodate/shared-events/command-handling/decide-on-stream';

/**
 * A worker's write through the one write loop the API uses too: `commandFor` says what to do on the state as the
 * stream folds, or null for nothing, and a conflict is decided again on the newer stream. For facts that follow from
 * others and must hold after a crash of the API between two writes (a plan version's accommodations, Premium's end).
 * Returns whether it appended.
 */
export async function decideAndAppend<State, Command, Event extends DomainEvent>(
  eventStore: Pick<EventStore, 'readStream' | 'append'>,
  decider: Decider<State, Command, Event>,
  stream: string,
  commandFor: (state: State) => Command | null,
  causationId: string | null,
  /** Whose act it follows from, when it is one person's (their plan's change); else the system's. */
  actor: Actor = SYSTEM_ACTOR,
): Promise<boolean> {
  const decided = await decideOnStream(eventStore, decider, stream, (view) => commandFor(view.state), { actor, causationId });
  return decided.newEvents.length > 0;
}
