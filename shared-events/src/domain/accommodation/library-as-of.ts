import type { EventEnvelope } from '../../events/envelope.ts';
import { categoryOf } from '../../config/accommodation-categories.ts';
import type { StudentAccommodation } from '../../schemas/student.ts';
import { evolveAccommodation, initialAccommodationState, isAccommodationEvent, type AccommodationState } from './accommodation.ts';

/** Each accommodation's own stream, by id: what the past is read from. */
export type AccommodationStreams = ReadonlyMap<string, readonly EventEnvelope[]>;

/** What a record shows for an accommodation that did not exist at the instant asked (or whose stream is gone). */
export const REMOVED_ACCOMMODATION = 'Removed accommodation';

/** One accommodation as it was at `asOf` (ISO): its stream up to then, folded with the one `evolveAccommodation`. */
export function accommodationAsOf(stream: readonly EventEnvelope[], asOf: string): AccommodationState {
  let state = initialAccommodationState();
  for (const event of stream) {
    if (event.occurredAt > asOf) break;
    if (isAccommodationEvent(event)) state = evolveAccommodation(state, event);
  }
  return state;
}

/**
 * How a student's record showed the accommodation at `asOf`: the name and description it had then, so a custom
 * 'Movement breaks every 20 minutes' renamed later to '30 minutes' still reads '20 minutes' for an earlier date.
 */
export function accommodationReadAt(id: string, stream: readonly EventEnvelope[], asOf: string): StudentAccommodation {
  const state = accommodationAsOf(stream, asOf);
  if (state.status !== 'present') return { id, name: REMOVED_ACCOMMODATION, category: 'custom', description: null, status: 'active' };
  return { id, name: state.name, category: categoryOf(state), description: state.description, status: 'active' };
}

/** The library as it read at `asOf`, for the ids asked (in that order, each once). */
export function libraryAsOf(streams: AccommodationStreams, ids: Iterable<string>, asOf: string): Map<string, StudentAccommodation> {
  const library = new Map<string, StudentAccommodation>();
  for (const id of ids) if (!library.has(id)) library.set(id, accommodationReadAt(id, streams.get(id) ?? [], asOf));
  return library;
}
