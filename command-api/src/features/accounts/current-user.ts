import type { CurrentUser } from '@accommodate/shared-events/schemas/account';
import { studentLimitFor } from '@accommodate/shared-events/config/plans';
import type { ReadStore } from '@accommodate/projections/store/read-store';
import { USERS, type UserDoc } from '@accommodate/projections/definitions/users-projection';
import { STUDENTS } from '@accommodate/projections/definitions/caseload-collections';
import { notFound } from '../../http/errors.ts';

export const firstNameOf = (name: string): string => name.trim().split(/\s+/)[0] ?? '';

/** The one user shape both GET /api/auth/user and GET /api/auth/me return. */
export async function loadCurrentUser(store: ReadStore, userId: string): Promise<CurrentUser> {
  const user = await store.collection<UserDoc>(USERS).get(userId);
  if (!user) throw notFound('Account');
  const studentCount = await store.collection(STUDENTS).count({ ownerId: userId });
  return {
    id: user.id,
    firstName: firstNameOf(user.name),
    name: user.name,
    email: user.email,
    emailNotifications: user.emailNotifications,
    // Absent on documents built before issue 22: those accounts never verified.
    emailVerified: user.emailVerified === true,
    username: user.username,
    isPremium: user.isPremium,
    studentCount,
    studentLimit: studentLimitFor(user.isPremium),
  };
}
