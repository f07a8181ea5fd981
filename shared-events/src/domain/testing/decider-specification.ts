import { expect } from 'vitest';
import type { DomainEvent } from '../../events/registry.ts';
import { fold, type Decider } from '../decider.ts';

type ErrorType<E extends Error> = abstract new (...args: never[]) => E;

/**
 * given(events).when(command).then(events) / .thenThrows(ErrorType, check?), after emmett's DeciderSpecification:
 * the decider alone, with no store, route or clock.
 */
export const DeciderSpecification = {
  for<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>) {
    return {
      given(history: Event[]) {
        return {
          when(command: Command) {
            const run = () => decider.decide(command, fold(decider, history));
            return {
              then(expected: Event[]) {
                expect(run()).toEqual(expected);
              },
              thenThrows<E extends Error>(type: ErrorType<E>, check: (error: E) => boolean = () => true) {
                let thrown: unknown = null;
                try {
                  run();
                } catch (error) {
                  thrown = error;
                }
                expect(thrown, 'expected the command to be refused').toBeInstanceOf(type);
                if (thrown instanceof type) expect(check(thrown)).toBe(true);
              },
            };
          },
        };
      },
    };
  },
};
