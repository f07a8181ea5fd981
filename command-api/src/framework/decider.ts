import type { DomainEvent } from '@accommodate/shared-events/events/registry';

/** The pure core of an aggregate: no I/O, so specs can run it with given/when/then. */
export interface Decider<State, Command, Event extends DomainEvent> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
}

export const fold = <State, Event extends DomainEvent>(
  decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
  events: readonly { type: string; data: unknown }[],
): State => events.reduce((state, event) => decider.evolve(state, event as Event), decider.initialState());
