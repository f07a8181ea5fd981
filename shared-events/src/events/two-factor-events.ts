import { z } from 'zod';
import { defineEvent, type EventOf } from './define-event.ts';

// Two-factor sign-in, in the account's stream `user-<id>`. The TOTP secret is a personal field of the
// account (personal-fields.ts): sealed with the account's key, so erasing the account erases it from the log.

/** A secret was made and shown for an authenticator app; it counts only once a code from it is entered. */
export const TwoFactorSetupStarted = defineEvent('TwoFactorSetupStarted', 1, z.object({ userId: z.string(), secret: z.string() }));
/**
 * A code from the app proved the set-up: sign-in now asks for a code. `step` is the code's 30-second step (no code is
 * accepted twice); the recovery codes are kept as SHA-256 hashes only, the codes themselves were shown once.
 */
export const TwoFactorEnabled = defineEvent(
  'TwoFactorEnabled',
  1,
  z.object({ userId: z.string(), step: z.number().int(), recoveryCodeHashes: z.array(z.string()) }),
);
/** A sign-in (or the switch-off) used the code of this step: a code seen once is refused after. */
export const TwoFactorCodeUsed = defineEvent('TwoFactorCodeUsed', 1, z.object({ userId: z.string(), step: z.number().int() }));
/** A recovery code was spent; it never works again. */
export const RecoveryCodeUsed = defineEvent('RecoveryCodeUsed', 1, z.object({ userId: z.string(), codeHash: z.string() }));
export const TwoFactorDisabled = defineEvent('TwoFactorDisabled', 1, z.object({ userId: z.string() }));

export const TWO_FACTOR_EVENTS = [TwoFactorSetupStarted, TwoFactorEnabled, TwoFactorCodeUsed, RecoveryCodeUsed, TwoFactorDisabled] as const;
export type TwoFactorEvent = EventOf<(typeof TWO_FACTOR_EVENTS)[number]>;
