import type { AccommodationEvent } from '../../events/accommodation-events.ts';
import type { Decider } from '../decider.ts';
import { ForbiddenError, IllegalStateError, NotFoundError } from '../errors.ts';
import { ACCOMMODATION_EVENT_TYPES, evolveAccommodation, initialAccommodationState, type AccommodationState } from './accommodation.ts';

export interface AccommodationDetails {
  name: string;
  category: string | null;
  description: string | null;
  appliesToTests: boolean;
}

export type AccommodationCommand =
  | { type: 'AddAccommodation'; accommodationId: string; ownerId: string | null; details: AccommodationDetails }
  | { type: 'UpdateAccommodation'; accommodationId: string; userId: string; details: AccommodationDetails }
  | { type: 'RemoveAccommodation'; accommodationId: string; userId: string };

export const TEMPLATE_READ_ONLY = 'Pre-built templates are shared by every teacher and cannot be changed. Add your own accommodation instead.';

function assertOwned(state: AccommodationState, userId: string): asserts state is Extract<AccommodationState, { status: 'present' }> {
  if (state.status !== 'present') throw new NotFoundError('Accommodation');
  if (state.ownerId === null) throw new ForbiddenError(TEMPLATE_READ_ONLY);
  if (state.ownerId !== userId) throw new NotFoundError('Accommodation');
}

export function decideAccommodation(command: AccommodationCommand, state: AccommodationState): AccommodationEvent[] {
  switch (command.type) {
    case 'AddAccommodation':
      // Seeding templates at every start relies on this being a no-op the second time, bar one thing: a template
      // seeded before the testing mark existed is marked once now, so every install lists it for tests.
      if (state.status !== 'absent') {
        if (command.ownerId !== null) throw new IllegalStateError('This accommodation already exists');
        if (state.status !== 'present' || state.appliesToTests === command.details.appliesToTests) return [];
        const { name, category, description } = state;
        const appliesToTests = command.details.appliesToTests;
        return [{ type: 'AccommodationUpdated', data: { accommodationId: command.accommodationId, name, category, description, appliesToTests } }];
      }
      return [
        {
          type: 'AccommodationAdded',
          data: { accommodationId: command.accommodationId, ownerId: command.ownerId, ...command.details },
        },
      ];
    case 'UpdateAccommodation':
      assertOwned(state, command.userId);
      return [{ type: 'AccommodationUpdated', data: { accommodationId: command.accommodationId, ...command.details } }];
    case 'RemoveAccommodation':
      assertOwned(state, command.userId);
      return [{ type: 'AccommodationRemoved', data: { accommodationId: command.accommodationId } }];
  }
}

export const accommodationDecider: Decider<AccommodationState, AccommodationCommand, AccommodationEvent> = {
  eventTypes: ACCOMMODATION_EVENT_TYPES,
  initialState: initialAccommodationState,
  evolve: evolveAccommodation,
  decide: decideAccommodation,
};
