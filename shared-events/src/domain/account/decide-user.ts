import type { UserEvent } from '../../events/user-events.ts';
import { INVALID_LINK } from '../../schemas/account.ts';
import type { Decider } from '../decider.ts';
import { IllegalStateError, NotFoundError, ValidationError } from '../errors.ts';
import { evolveEmailClaim, evolveUser, initialUserState, USER_EVENT_TYPES, type EmailClaimState, type UserState } from './user.ts';

export type UserCommand =
  | { type: 'RegisterUser'; userId: string; name: string; email: string }
  | {
      type: 'UpdateProfile';
      userId: string;
      name: string;
      email: string;
      emailNotifications?: boolean | undefined;
      /** The address asked for when another account holds it (the account keeps `email`); null or absent: none. */
      pendingEmail?: string | null | undefined;
    }
  | { type: 'RecordPasswordChange'; userId: string }
  /** A mailed link for `email` was followed by the account's own session (or a reset link was used). */
  | { type: 'VerifyEmail'; userId: string; email: string }
  | { type: 'UpgradeToPremium'; userId: string }
  | { type: 'CancelPremium'; userId: string };

export const NOT_PREMIUM = 'Your account is on the free plan';

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  if (command.type === 'RegisterUser') {
    if (state.status === 'registered') throw new IllegalStateError('This account already exists');
    return [{ type: 'UserRegistered', data: { userId: command.userId, name: command.name, email: command.email } }];
  }
  if (state.status !== 'registered') throw new NotFoundError('Account');
  switch (command.type) {
    case 'UpdateProfile': {
      // Only what changed, so the history shows real edits rather than every save.
      const changes: { name?: string; email?: string; emailNotifications?: boolean; pendingEmail?: string | null } = {};
      if (command.name !== state.name) changes.name = command.name;
      if (command.email !== state.email) changes.email = command.email;
      const pendingEmail = command.pendingEmail ?? null;
      if (pendingEmail !== state.pendingEmail) changes.pendingEmail = pendingEmail;
      if (command.emailNotifications !== undefined && command.emailNotifications !== state.emailNotifications) {
        changes.emailNotifications = command.emailNotifications;
      }
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'UserProfileUpdated', data: { userId: command.userId, ...changes } }];
    }
    case 'VerifyEmail':
      // The link was mailed to an address the account has since left: it proves nothing about the current one.
      if (command.email !== state.email) throw new ValidationError(INVALID_LINK);
      if (state.emailVerified) return [];
      return [{ type: 'UserEmailVerified', data: { userId: command.userId, email: command.email } }];
    case 'RecordPasswordChange':
      return [{ type: 'UserPasswordChanged', data: { userId: command.userId } }];
    case 'UpgradeToPremium':
      if (state.isPremium) return [];
      return [{ type: 'UserUpgradedToPremium', data: { userId: command.userId } }];
    case 'CancelPremium':
      if (!state.isPremium) throw new IllegalStateError(NOT_PREMIUM);
      return [{ type: 'UserPremiumCancelled', data: { userId: command.userId } }];
  }
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  eventTypes: USER_EVENT_TYPES,
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
};

export type EmailClaimCommand = { type: 'ClaimEmail'; userId: string } | { type: 'ReleaseEmail'; userId: string };

export const EMAIL_TAKEN = 'An account with this email already exists';

/** The reservation stream `userEmail-<sha256(email)>`: makes e-mail uniqueness a stream-level conflict. */
export const emailClaimDecider: Decider<EmailClaimState, EmailClaimCommand, UserEvent> = {
  eventTypes: ['EmailClaimed', 'EmailReleased'],
  initialState: () => ({ claimedBy: null }),
  evolve: evolveEmailClaim,
  decide(command, state) {
    if (command.type === 'ClaimEmail') {
      if (state.claimedBy === command.userId) return [];
      if (state.claimedBy !== null) throw new IllegalStateError(EMAIL_TAKEN);
      return [{ type: 'EmailClaimed', data: { userId: command.userId } }];
    }
    if (state.claimedBy !== command.userId) return [];
    return [{ type: 'EmailReleased', data: { userId: command.userId } }];
  },
};
