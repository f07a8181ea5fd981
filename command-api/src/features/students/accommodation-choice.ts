import type { Accommodation } from '@accommodate/shared-events/schemas/accommodation';
import { ACCOMMODATIONS } from '@accommodate/projections/definitions/accommodation-library-projection';
import type { AppContext } from '../../framework/command-context.ts';
import { HttpError } from '../../http/errors.ts';

export const NOT_IN_LIBRARY = 'Choose accommodations from your library; one of them no longer exists.';

/** Ids may only name the shared templates or the user's own accommodations. */
export async function assertInLibrary(
  context: Pick<AppContext, 'readStore'>,
  userId: string,
  accommodationIds: readonly string[],
): Promise<void> {
  const library = context.readStore.collection<Accommodation>(ACCOMMODATIONS);
  for (const id of new Set(accommodationIds)) {
    const accommodation = await library.get(id);
    if (!accommodation || (accommodation.ownerId !== null && accommodation.ownerId !== userId)) {
      throw new HttpError(400, NOT_IN_LIBRARY, { errors: { accommodationIds: NOT_IN_LIBRARY } });
    }
  }
}
