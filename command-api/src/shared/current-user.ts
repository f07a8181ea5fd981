import { VERIFY_ADDRESS_FIRST, type CurrentUser } from '@accommodate/shared-events/schemas/account';
import { studentLimitFor } from '@accommodate/shared-events/config/plans';
import { ForbiddenError, NotFoundError } from '@accommodate/shared-events/domain/errors';
import type { ReadStore } from '@accommodate/projections/store/read-store';
import { userQueries, type UserDoc } from '@accommodate/projections/queries/users-queries';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';

export const firstNameOf = (name: string): string => name.trim().split(/\s+/)[0] ?? '';

/** What loadCurrentUser reads: the read models, and the session idle limit the UI warns before. */
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
    emailVerified: addressProved(user),
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

/**
 * Whether the account's address counts as proved, as the account itself is shown it: an address asked for that
 * another account holds reads as unproved, as a free new one does, so that nothing tells the two apart.
 * (`emailVerified` is absent on documents built before verification existed: those accounts never verified.)
 */
export const addressProved = (user: Pick<UserDoc, 'emailVerified' | 'pendingEmail'>): boolean => user.pendingEmail === undefined && user.emailVerified === true;

/**
 * Refuses (403) what must not be set up by someone who merely typed an address in: it would outlive the real owner
 * taking the account back (a calendar feed would show them students later shared with the address).
 */
export async function requireProvedAddress(store: ReadStore, userId: string): Promise<void> {
  const user = await userQueries(store).userById(userId);
  if (!user) throw new NotFoundError('Account');
  if (!addressProved(user)) throw new ForbiddenError(VERIFY_ADDRESS_FIRST);
}
