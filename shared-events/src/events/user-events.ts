import { z } from 'zod';
import { defineEvent, type EventOf } from './define-event.ts';

// Accounts. No password hash ever goes into an event: credentials live in a
// mutable store that can be overwritten and erased.

export const UserRegistered = defineEvent(
  'UserRegistered',
  1,
  z.object({ userId: z.string(), name: z.string(), email: z.string() }),
);
export const UserProfileUpdated = defineEvent(
  'UserProfileUpdated',
  1,
  z.object({
    userId: z.string(),
    name: z.string().optional(),
    email: z.string().optional(),
    emailNotifications: z.boolean().optional(),
    /**
     * An address asked for in Settings that another account holds: shown as the account's new, unverified
     * address, exactly as a free one is, while sign-in and mail stay with `email`; null when a later change drops it.
     */
    pendingEmail: z.string().nullable().optional(),
  }),
);
/** A marker, so the history shows when a password changed; it carries no secret. */
export const UserPasswordChanged = defineEvent('UserPasswordChanged', 1, z.object({ userId: z.string() }));
export const UserUpgradedToPremium = defineEvent('UserUpgradedToPremium', 1, z.object({ userId: z.string() }));
/** The member cancelled Premium in the app; the account is Free again (its students beyond 3 are archived). */
export const UserPremiumCancelled = defineEvent('UserPremiumCancelled', 1, z.object({ userId: z.string() }));
/**
 * The account followed a link mailed to this address: only a verified address receives shares. A later
 * UserProfileUpdated with another `email` makes the account unverified again; the address says which one was proved.
 */
export const UserEmailVerified = defineEvent('UserEmailVerified', 1, z.object({ userId: z.string(), email: z.string() }));

/** Reservation stream `userEmail-<sha256(email)>`: makes e-mail uniqueness a stream-level conflict. */
export const EmailClaimed = defineEvent('EmailClaimed', 1, z.object({ userId: z.string() }));
export const EmailReleased = defineEvent('EmailReleased', 1, z.object({ userId: z.string() }));

export const USER_EVENTS = [
  UserRegistered,
  UserProfileUpdated,
  UserPasswordChanged,
  UserUpgradedToPremium,
  UserPremiumCancelled,
  UserEmailVerified,
  EmailClaimed,
  EmailReleased,
] as const;
export type UserEvent = EventOf<(typeof USER_EVENTS)[number]>;
