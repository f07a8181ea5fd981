import type { CurrentUser } from '@accommodate/shared-events/schemas/account';
import { studentLimitFor } from '@accommodate/shared-events/config/plans';
import { NotFoundError } from '@accommodate/shared-events/domain/errors';
import type { ReadStore } from '@accommodate/projections/store/read-store';
import { userQueries } from '@accommodate/projections/queries/users-queries';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';

export const firstNameOf = (name: string): string => name.trim().split(/\s+/)[0] ?? '';

/** What loadCurrentUser reads: the read models, and the session idle limit the UI warns before (issue 22). */
export interface CurrentUserSource {
  readStore: ReadStore;
  config: { sessionIdleMs: number };
}

/** The one user shape both GET /api/auth/user and GET /api/auth/me return (and the account routes answer with). */
export async function loadCurrentUser({ readStore: store, config }: CurrentUserSource, userId: string): Promise<CurrentUser> {
  const user = await userQueries(store).userById(userId);
  if (!user) throw new NotFoundError('Account');
  const studentCount = await caseloadQueries(store).countStudentsOwnedBy(userId);
  return {
    id: user.id,
    firstName: firstNameOf(user.name),
    name: user.name,
    // An address another account holds reads as a free one does after a change: the new address, unverified, so
    // the account learns nothing about who holds it (sign-in and mail stay with the account's own until then).
    email: user.pendingEmail ?? user.email,
    emailNotifications: user.emailNotifications,
    // Absent on documents built before issue 22: those accounts never verified.
    emailVerified: user.pendingEmail === undefined && user.emailVerified === true,
    username: user.username,
    isPremium: user.isPremium,
    studentCount,
    studentLimit: studentLimitFor(user.isPremium),
    sessionIdleMinutes: Math.round(config.sessionIdleMs / 60_000),
  };
}

/**
 * The address the account signs in with and is mailed at, which is not always the one it shows (a pending address
 * another account holds, above): for credentials, claims and mail, never the shown one.
 */
export async function accountEmailOf(store: ReadStore, userId: string): Promise<string> {
  const user = await userQueries(store).userById(userId);
  if (!user) throw new NotFoundError('Account');
  return user.email;
}
