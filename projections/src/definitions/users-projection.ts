import type { UserEvent } from '@accommodate/shared-events/events/user-events';
import type { AccessEvent } from '@accommodate/shared-events/events/access-events';
import { defineProjection } from './projection.ts';

export const USERS = 'users';

export interface UserDoc {
  id: string;
  name: string;
  email: string;
  emailNotifications: boolean;
  username: string;
  isPremium: boolean;
  createdAt: string;
  revision: number;
}

const usernameFrom = (email: string): string => email.split('@')[0] ?? email;

/** The account's own events, and its deletion (erasure: the name and e-mail leave the read model with it). */
type AccountEvent = Extract<UserEvent | AccessEvent, { type: 'UserRegistered' | 'UserProfileUpdated' | 'UserUpgradedToPremium' | 'UserPasswordChanged' | 'UserAccountDeleted' }>;

export const usersProjection = defineProjection<AccountEvent>({
  name: 'users',
  // v2: forgets erased students / deleted accounts.
  version: 2,
  collections: [USERS],
  handles: ['UserRegistered', 'UserProfileUpdated', 'UserUpgradedToPremium', 'UserPasswordChanged', 'UserAccountDeleted'],
  async apply(event, context) {
    const id = event.data.userId;
    if (event.type === 'UserAccountDeleted') return context.delete(USERS, id);
    if (event.type === 'UserRegistered') {
      context.put<UserDoc>(USERS, {
        id,
        name: event.data.name,
        email: event.data.email,
        emailNotifications: true,
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
        if (event.data.email !== undefined) next.email = event.data.email;
        if (event.data.emailNotifications !== undefined) next.emailNotifications = event.data.emailNotifications;
      }
      if (event.type === 'UserUpgradedToPremium') next.isPremium = true;
      context.put<UserDoc>(USERS, next);
    }
    context.announce({
      message: { entity: 'user', id, revision: event.revision, actorId: event.actor.userId },
      audience: [id],
    });
  },
});
