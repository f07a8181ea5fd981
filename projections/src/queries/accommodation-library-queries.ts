import type { Accommodation } from '@accommodate/shared-events/schemas/accommodation';
import { ACCOMMODATIONS } from '../definitions/accommodation-library-projection.ts';
import type { ReadStore } from '../store/read-store.ts';

/** The named reads of the accommodation library: shared templates (ownerId null) and each teacher's own. */
export function libraryQueries(store: Pick<ReadStore, 'collection'>) {
  const library = () => store.collection<Accommodation>(ACCOMMODATIONS);
  return {
    accommodationById: (accommodationId: string) => library().get(accommodationId),
    templates: () => library().find({ ownerId: null }),
    ownedBy: (userId: string) => library().find({ ownerId: userId }),
  };
}
