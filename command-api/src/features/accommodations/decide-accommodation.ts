import type { AccommodationEvent } from '@accommodate/shared-events/events/accommodation-events';
import { forbidden, HttpError, notFound } from '../../http/errors.ts';
import type { Decider } from '../../framework/decider.ts';
import { evolveAccommodation, initialAccommodationState, type AccommodationState } from './accommodation.ts';

interface Details {
  name: string;
  category: string | null;
  description: string | null;
}

export type AccommodationCommand =
  | { type: 'AddAccommodation'; accommodationId: string; ownerId: string | null; details: Details }
  | { type: 'UpdateAccommodation'; accommodationId: string; userId: string; details: Details }
  | { type: 'RemoveAccommodation'; accommodationId: string; userId: string };

const TEMPLATE_READ_ONLY = 'Pre-built templates are shared by every teacher and cannot be changed. Add your own accommodation instead.';

function assertOwned(state: AccommodationState, userId: string): asserts state is Extract<AccommodationState, { status: 'present' }> {
  if (state.status !== 'present') throw notFound('Accommodation');
  if (state.ownerId === null) throw forbidden(TEMPLATE_READ_ONLY);
  if (state.ownerId !== userId) throw notFound('Accommodation');
}

export function decideAccommodation(command: AccommodationCommand, state: AccommodationState): AccommodationEvent[] {
  switch (command.type) {
    case 'AddAccommodation':
      // Seeding templates at every start relies on this being a no-op the second time.
      if (state.status !== 'absent') {
        if (command.ownerId === null) return [];
        throw new HttpError(409, 'This accommodation already exists');
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
  initialState: initialAccommodationState,
  evolve: evolveAccommodation,
  decide: decideAccommodation,
};
