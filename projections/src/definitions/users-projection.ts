import type { UserEvent } from '@accommodate/shared-events/events/user-events';
import type { Projection } from './projection.ts';

export const USERS = 'users';

export interface UserDoc {
  id: string;
  name: string;
  email: string;
  emailNotifications: boolean;
  /** Proved by a mailed link (issue 22); a change of address clears it. Shares resolve only to verified addresses. */
  emailVerified: boolean;
  username: string;
  isPremium: boolean;
  createdAt: string;
  revision: number;
}

const usernameFrom = (email: string): string => email.split('@')[0] ?? email;

export const usersProjection: Projection = {
  name: 'users',
  // v2: forgets erased students / deleted accounts. v3: emailVerified.
  version: 3,
  collections: [USERS],
  handles: ['UserRegistered', 'UserProfileUpdated', 'UserUpgradedToPremium', 'UserPasswordChanged', 'UserEmailVerified', 'UserAccountDeleted'],
  async apply(envelope, context) {
    // Erasure: the account's name and e-mail leave the read model with it.
    if (envelope.type === 'UserAccountDeleted') return context.delete(USERS, (envelope.data as { userId: string }).userId);
    const event = envelope as unknown as UserEvent;
    if (event.type === 'EmailClaimed' || event.type === 'EmailReleased') return;
    const id = event.data.userId;
    if (event.type === 'UserRegistered') {
      context.put<UserDoc>(USERS, {
        id,
        name: event.data.name,
        email: event.data.email,
        emailNotifications: true,
        emailVerified: false,
        username: usernameFrom(event.data.email),
        isPremium: false,
        createdAt: envelope.occurredAt,
        revision: envelope.revision,
      });
    } else {
      const user = await context.get<UserDoc>(USERS, id);
      if (!user) return;
      const next: UserDoc = { ...user, revision: envelope.revision };
      if (event.type === 'UserProfileUpdated') {
        if (event.data.name !== undefined) next.name = event.data.name;
        // A new address is unverified until its own link is followed.
        if (event.data.email !== undefined && event.data.email !== user.email) {
          next.email = event.data.email;
          next.emailVerified = false;
        }
        if (event.data.emailNotifications !== undefined) next.emailNotifications = event.data.emailNotifications;
      }
      if (event.type === 'UserUpgradedToPremium') next.isPremium = true;
      // Only for the address the account has now: a link to an address it has since left proves nothing.
      if (event.type === 'UserEmailVerified' && event.data.email === user.email) next.emailVerified = true;
      context.put<UserDoc>(USERS, next);
    }
    context.announce({
      message: { entity: 'user', id, revision: envelope.revision, actorId: envelope.actor.userId },
      audience: [id],
    });
  },
};
