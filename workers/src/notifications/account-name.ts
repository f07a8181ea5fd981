import { ERASED } from '@accommodate/shared-events/events/personal-fields';
import { userQueries } from '@accommodate/projections/queries/users-queries';
import type { ReadStore } from '@accommodate/projections/store/read-store';

/** What a message calls someone whose account is gone (erased) or not yet in the read model. */
export const UNKNOWN_TEACHER = 'A teacher';

/** The name on a user's account, as messages to other people name them ('Maria Lopez changed…'). */
export async function accountName(readStore: Pick<ReadStore, 'collection'>, userId: string): Promise<string> {
  const user = await userQueries(readStore).userById(userId);
  return user && user.name !== ERASED && user.name.trim() !== '' ? user.name : UNKNOWN_TEACHER;
}
