import { randomUUID } from 'node:crypto';
import { WrongExpectedRevisionError, type EventStore } from '@accommodate/shared-events/event-store/event-store';
import { SYSTEM_ACTOR, type Actor } from '@accommodate/shared-events/events/envelope';
import type { DomainEvent } from '@accommodate/shared-events/events/registry';
import { fold, type Decider } from '@accommodate/shared-events/domain/decider';
import { isEventOf } from '@accommodate/shared-events/domain/event-types';

const ROUNDS = 5;

/**
 * A worker's write, the workers' side of the API's `handleCommand`: read the stream, fold it with the aggregate's one
 * `evolve`, decide, and append at the revision decided on; a conflict (someone wrote meanwhile) is decided again on
 * the newer stream. `commandFor` says what to do on the state, or null for nothing. For facts that follow from others
 * and must hold after a crash of the API between two writes (a plan version's accommodations, Premium's end).
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
  const ofAggregate = isEventOf<Event>(decider.eventTypes);
  for (let round = 0; round < ROUNDS; round += 1) {
    const events = await eventStore.readStream(stream);
    const state = fold(decider, events.filter(ofAggregate));
    const command = commandFor(state);
    if (command === null) return false;
    const decided = decider.decide(command, state);
    if (decided.length === 0) return false;
    try {
      await eventStore.append(stream, decided, { expectedRevision: events.at(-1)?.revision ?? 'no_stream', actor, correlationId: randomUUID(), causationId });
      return true;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }
  throw new Error(`${stream}: the write kept meeting newer events`);
}
