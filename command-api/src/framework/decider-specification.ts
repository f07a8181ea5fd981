import { expect } from 'vitest';
import type { DomainEvent } from '@accommodate/shared-events/events/registry';
import { fold, type Decider } from './decider.ts';

/** given(events).when(command).then(events) / .thenThrows(predicate), after emmett's DeciderSpecification. */
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
              thenThrows(check: (error: unknown) => boolean) {
                let thrown: unknown = null;
                try {
                  run();
                } catch (error) {
                  thrown = error;
                }
                expect(thrown, 'expected the command to be refused').not.toBeNull();
                expect(check(thrown)).toBe(true);
              },
            };
          },
        };
      },
    };
  },
};
