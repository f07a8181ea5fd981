import { ACCOMMODATION_EVENTS, type AccommodationEvent } from '../../events/accommodation-events.ts';
import { isEventOf, typesOf } from '../event-types.ts';

export const ACCOMMODATION_EVENT_TYPES = typesOf(ACCOMMODATION_EVENTS);
export const isAccommodationEvent = isEventOf<AccommodationEvent>(ACCOMMODATION_EVENT_TYPES);

export type AccommodationState =
  | { status: 'absent' }
  | { status: 'present'; ownerId: string | null; name: string; category: string | null; description: string | null; appliesToTests: boolean }
  | { status: 'removed'; ownerId: string | null };

export const initialAccommodationState = (): AccommodationState => ({ status: 'absent' });

export function evolveAccommodation(state: AccommodationState, event: AccommodationEvent): AccommodationState {
  switch (event.type) {
    case 'AccommodationAdded':
      return {
        status: 'present',
        ownerId: event.data.ownerId,
        name: event.data.name,
        category: event.data.category,
        description: event.data.description,
        appliesToTests: event.data.appliesToTests,
      };
    case 'AccommodationUpdated':
      if (state.status !== 'present') return state;
      return {
        ...state,
        name: event.data.name,
        category: event.data.category,
        description: event.data.description,
        appliesToTests: event.data.appliesToTests,
      };
    case 'AccommodationRemoved':
      return state.status === 'present' ? { status: 'removed', ownerId: state.ownerId } : state;
  }
}
