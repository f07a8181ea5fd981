import type { UserEvent } from '@accommodate/shared-events/events/user-events';
import type { Projection } from './projection.ts';

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

export const usersProjection: Projection = {
  name: 'users',
  // v2: forgets erased students / deleted accounts.
  version: 2,
  collections: [USERS],
  handles: ['UserRegistered', 'UserProfileUpdated', 'UserUpgradedToPremium', 'UserPasswordChanged', 'UserAccountDeleted'],
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
        if (event.data.email !== undefined) next.email = event.data.email;
        if (event.data.emailNotifications !== undefined) next.emailNotifications = event.data.emailNotifications;
      }
      if (event.type === 'UserUpgradedToPremium') next.isPremium = true;
      context.put<UserDoc>(USERS, next);
    }
    context.announce({
      message: { entity: 'user', id, revision: envelope.revision, actorId: envelope.actor.userId },
      audience: [id],
    });
  },
};
