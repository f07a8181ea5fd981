import { USER_EVENTS, type UserEvent } from '../../events/user-events.ts';
import { typesOf } from '../event-types.ts';

/** The account stream `user-<id>` (its UserAccountDeleted marker is the erasure's, not the account's to fold). */
export const USER_EVENT_TYPES = typesOf(USER_EVENTS);

export type UserState =
  | { status: 'unregistered' }
  | {
      status: 'registered';
      userId: string;
      name: string;
      email: string;
      emailNotifications: boolean;
      isPremium: boolean;
      /** The current address was proved by a mailed link; a new address starts unproved. */
      emailVerified: boolean;
      /** Some address (this one or an earlier) was once proved on the account: its holder was proved then. */
      everVerified: boolean;
      /** An address asked for that another account holds: pending, never verifiable by this account. */
      pendingEmail: string | null;
    };

export const initialUserState = (): UserState => ({ status: 'unregistered' });

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return { status: 'registered', ...event.data, emailNotifications: true, isPremium: false, emailVerified: false, everVerified: false, pendingEmail: null };
    case 'UserProfileUpdated': {
      if (state.status !== 'registered') return state;
      const email = event.data.email ?? state.email;
      return {
        ...state,
        name: event.data.name ?? state.name,
        email,
        emailNotifications: event.data.emailNotifications ?? state.emailNotifications,
        emailVerified: state.emailVerified && email === state.email,
        pendingEmail: event.data.pendingEmail === undefined ? state.pendingEmail : event.data.pendingEmail,
      };
    }
    case 'UserEmailVerified':
      return state.status === 'registered' && event.data.email === state.email ? { ...state, emailVerified: true, everVerified: true } : state;
    case 'UserUpgradedToPremium':
      return state.status === 'registered' ? { ...state, isPremium: true } : state;
    case 'UserPremiumCancelled':
      return state.status === 'registered' ? { ...state, isPremium: false } : state;
    default:
      return state;
  }
}

/** The e-mail reservation stream: who holds the address now, if anyone. */
export type EmailClaimState = { claimedBy: string | null };

export function evolveEmailClaim(state: EmailClaimState, event: UserEvent): EmailClaimState {
  if (event.type === 'EmailClaimed') return { claimedBy: event.data.userId };
  if (event.type === 'EmailReleased') return { claimedBy: null };
  return state;
}
