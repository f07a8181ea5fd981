import type { UserEvent } from '@accommodate/shared-events/events/user-events';
import type { AccessEvent } from '@accommodate/shared-events/events/access-events';
import { evolveUser, initialUserState, type UserState } from '@accommodate/shared-events/domain/account/user';
import { defineProjection } from './projection.ts';

export const USERS = 'users';

export interface UserDoc {
  id: string;
  name: string;
  email: string;
  emailNotifications: boolean;
  /** Proved by a mailed link; a change of address clears it. Shares resolve only to verified addresses. */
  emailVerified: boolean;
  /** An address asked for that another account holds: shown as the new, unverified one; absent when none. */
  pendingEmail?: string;
  username: string;
  isPremium: boolean;
  createdAt: string;
  revision: number;
}

const usernameFrom = (email: string): string => email.split('@')[0] ?? email;

/** The account as the domain folds it, from its document: the read model follows `evolveUser`, not a copy of it. */
const stateOf = (doc: UserDoc): UserState => ({
  status: 'registered',
  userId: doc.id,
  name: doc.name,
  email: doc.email,
  emailNotifications: doc.emailNotifications,
  isPremium: doc.isPremium,
  emailVerified: doc.emailVerified,
  // Only the current address's proof is kept here; an earlier one matters to the account's decisions, not to this list.
  everVerified: doc.emailVerified,
  pendingEmail: doc.pendingEmail ?? null,
});

/** The account's own events, and its deletion (erasure: the name and e-mail leave the read model with it). */
type AccountEvent = Extract<
  UserEvent | AccessEvent,
  { type: 'UserRegistered' | 'UserProfileUpdated' | 'UserUpgradedToPremium' | 'UserPremiumCancelled' | 'UserPasswordChanged' | 'UserEmailVerified' | 'UserAccountDeleted' }
>;

export const usersProjection = defineProjection<AccountEvent>({
  name: 'users',
  // v2: forgets erased students / deleted accounts. v3: emailVerified. v4: pendingEmail.
  version: 4,
  collections: [USERS],
  handles: ['UserRegistered', 'UserProfileUpdated', 'UserUpgradedToPremium', 'UserPremiumCancelled', 'UserPasswordChanged', 'UserEmailVerified', 'UserAccountDeleted'],
  async apply(event, context) {
    const id = event.data.userId;
    if (event.type === 'UserAccountDeleted') return context.delete(USERS, id);
    const before = event.type === 'UserRegistered' ? undefined : await context.get<UserDoc>(USERS, id);
    if (event.type !== 'UserRegistered' && !before) return;
    const state = evolveUser(before ? stateOf(before) : initialUserState(), event);
    if (state.status !== 'registered') return;
    context.put<UserDoc>(USERS, {
      id,
      name: state.name,
      email: state.email,
      emailNotifications: state.emailNotifications,
      emailVerified: state.emailVerified,
      ...(state.pendingEmail === null ? {} : { pendingEmail: state.pendingEmail }),
      // The handle is the first address's, kept when the address changes.
      username: before?.username ?? usernameFrom(state.email),
      isPremium: state.isPremium,
      createdAt: before?.createdAt ?? event.occurredAt,
      revision: event.revision,
    });
    context.announce({
      message: { entity: 'user', id, revision: event.revision, actorId: event.actor.userId },
      audience: [id],
    });
  },
});
