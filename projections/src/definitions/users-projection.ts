import type { UserEvent } from '@accommodate/shared-events/events/user-events';
import type { AccessEvent } from '@accommodate/shared-events/events/access-events';
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
    if (event.type === 'UserRegistered') {
      context.put<UserDoc>(USERS, {
        id,
        name: event.data.name,
        email: event.data.email,
        emailNotifications: true,
        emailVerified: false,
        username: usernameFrom(event.data.email),
        isPremium: false,
        createdAt: event.occurredAt,
        revision: event.revision,
      });
    } else {
      const user = await context.get<UserDoc>(USERS, id);
      if (!user) return;
      const next: UserDoc = { ...user, revision: event.revision };
      if (event.type === 'UserProfileUpdated') {
        if (event.data.name !== undefined) next.name = event.data.name;
        // A new address is unverified until its own link is followed.
        if (event.data.email !== undefined && event.data.email !== user.email) {
          next.email = event.data.email;
          next.emailVerified = false;
        }
        if (event.data.emailNotifications !== undefined) next.emailNotifications = event.data.emailNotifications;
        if (event.data.pendingEmail === null) delete next.pendingEmail;
        else if (event.data.pendingEmail !== undefined) next.pendingEmail = event.data.pendingEmail;
      }
      if (event.type === 'UserUpgradedToPremium') next.isPremium = true;
      if (event.type === 'UserPremiumCancelled') next.isPremium = false;
      // Only for the address the account has now: a link to an address it has since left proves nothing.
      if (event.type === 'UserEmailVerified' && event.data.email === user.email) next.emailVerified = true;
      context.put<UserDoc>(USERS, next);
    }
    context.announce({
      message: { entity: 'user', id, revision: event.revision, actorId: event.actor.userId },
      audience: [id],
    });
  },
});
