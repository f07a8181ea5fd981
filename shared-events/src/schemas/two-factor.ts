import { z } from 'zod';

/** What every refused code answers: wrong, already used, or from an old set-up alike. */
export const INVALID_CODE = 'That code did not work. Check your authenticator app and try again.';
export const CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app';
/** POST /api/auth/login for an account with two-factor sign-in, without a code (401, and no session). */
export const TWO_FACTOR_REQUIRED = 'Two-factor code required';
export const TWO_FACTOR_ALREADY_ON = 'Two-factor sign-in is already on';
export const TWO_FACTOR_NOT_STARTED = 'Start the set-up again: scan a new QR code first';
export const TWO_FACTOR_OFF = 'Two-factor sign-in is not on';

/**
 * A 6-digit code from the app, or a recovery code (`abcd-efgh-jkmn`): spaces and dashes are ignored and letters
 * may be typed in either case, since people copy these from phones and paper.
 */
export const secondFactorCode = z
  .string()
  .max(40, INVALID_CODE)
  .transform((code) => code.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().min(1, CODE_REQUIRED));

/** A normalised code is the app's when it is six digits; anything else is tried as a recovery code. */
export const isAppCode = (code: string): boolean => /^\d{6}$/.test(code);

/** POST /api/auth/2fa/setup answers this: the secret for manual entry, and the same as a link and a QR code. */
export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string(), qrDataUrl: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** The account's password, asked again to turn two-factor sign-in on or off. */
const confirmingPassword = z.string().min(1, 'Enter your password to confirm').max(200);

/** POST /api/auth/2fa/enable: the password, and a code from the app that proves it holds the new key. */
export const enableTwoFactorSchema = z.object({ password: confirmingPassword, code: secondFactorCode });
export type EnableTwoFactorInput = z.input<typeof enableTwoFactorSchema>;
/** Its answer: the ten recovery codes, shown this once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** POST /api/auth/2fa/disable: the password and a code (from the app, or a recovery code for a lost phone). */
export const disableTwoFactorSchema = z.object({ password: confirmingPassword, code: secondFactorCode });
export type DisableTwoFactorInput = z.input<typeof disableTwoFactorSchema>;

/** GET /api/auth/2fa: whether sign-in asks for a code. */
export const twoFactorStatusSchema = z.object({ enabled: z.boolean() });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** The body of the 401 that asks for the code; the sign-in page shows the code field when it sees it. */
export const twoFactorChallengeSchema = z.object({ message: z.string(), twoFactorRequired: z.literal(true) });
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/**
 * POST /api/auth/reset-password for an account with two-factor sign-in: the password is set, but a link in the inbox
 * is one factor only, so no session starts; the person signs in with the new password and a code.
 */
export const PASSWORD_SET_SIGN_IN_WITH_CODE = 'Your new password is set. Sign in with it and a code from your authenticator app.';
