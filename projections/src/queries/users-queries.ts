import type { PersonRef } from '@accommodate/shared-events/schemas/share';
import { USERS, type UserDoc } from '../definitions/users-projection.ts';
import type { ReadStore } from '../store/read-store.ts';
import { SIS_ACTOR, SYSTEM_ACTOR } from '@accommodate/shared-events/events/envelope';
import { SIS_ACTOR_NAME } from '@accommodate/shared-events/schemas/record-display';

export type { UserDoc };

/** The named reads of the users read model. */
export function userQueries(store: Pick<ReadStore, 'collection'>) {
  const users = () => store.collection<UserDoc>(USERS);
  return {
    userById: (userId: string) => users().get(userId),
    /** The account that proved it holds the e-mail (as stored: lower-cased), if any. */
    verifiedUserWithEmail: async (email: string): Promise<UserDoc | null> => (await users().find({ email, emailVerified: true }))[0] ?? null,
  };
}

/**
 * Resolves user ids to {id, name}, once per id: for the names a screen shows beside records (who shared, who
 * changed). A deleted account reads as 'Unknown user'; the system actor as 'System', and an import's writes as the SIS.
 */
const actorName = (userId: string): string => (userId === SYSTEM_ACTOR.userId ? 'System' : userId === SIS_ACTOR.userId ? SIS_ACTOR_NAME : 'Unknown user');

export function personLookup(store: Pick<ReadStore, 'collection'>): (userId: string) => Promise<PersonRef> {
  const { userById } = userQueries(store);
  const cache = new Map<string, Promise<PersonRef>>();
  return (userId) => {
    let found = cache.get(userId);
    if (!found) {
      found = userById(userId).then((user) => ({ id: userId, name: user?.name ?? actorName(userId) }));
      cache.set(userId, found);
    }
    return found;
  };
}
