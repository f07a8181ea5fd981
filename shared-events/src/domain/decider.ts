import type { DomainEvent } from '../events/registry.ts';

/**
 * The pure core of an aggregate, after emmett's Decider: no I/O, so specs run it with given/when/then and
 * every adapter (routes, history, projections) folds its events with the same `evolve`.
 */
export interface Decider<State, Command, Event extends DomainEvent> {
  /** The event types of the aggregate's stream: what a load hands to `evolve` (a stream may hold others too). */
  eventTypes: readonly Event['type'][];
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
}

export const fold = <State, Event extends DomainEvent>(
  decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State => events.reduce((state, event) => decider.evolve(state, event), decider.initialState());
