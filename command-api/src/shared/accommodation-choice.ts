import { ValidationError } from '@accommodate/shared-events/domain/errors';
import { libraryQueries } from '@accommodate/projections/queries/accommodation-library-queries';
import type { AppContext } from '../framework/command-context.ts';

export const NOT_IN_LIBRARY = 'Choose accommodations from your library; one of them no longer exists.';

/** Ids may only name the shared templates or the user's own accommodations. */
export async function assertInLibrary(
  context: Pick<AppContext, 'readStore'>,
  userId: string,
  accommodationIds: readonly string[],
): Promise<void> {
  const { accommodationById } = libraryQueries(context.readStore);
  for (const id of new Set(accommodationIds)) {
    const accommodation = await accommodationById(id);
    if (!accommodation || (accommodation.ownerId !== null && accommodation.ownerId !== userId)) {
      throw ValidationError.onField('accommodationIds', NOT_IN_LIBRARY);
    }
  }
}
