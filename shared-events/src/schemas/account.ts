import { z } from 'zod';
import { singleLine } from './single-line-text.ts';
import { secondFactorCode } from './two-factor.ts';

/** An account's name goes into e-mail (the sharing notices) and the access log: one line. */
const fullName = singleLine(z.string().trim().min(1, 'Full name is required').max(200), 'Full name');
const email = z.string().trim().toLowerCase().email('Please enter a valid email address').max(254);

export const registerSchema = z.object({
  name: fullName,
  email,
  password: z.string().min(8, 'Password must be at least 8 characters').max(200),
});
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, 'Please enter a valid email address').max(254),
  password: z.string().min(1, 'Password is required').max(200),
  /** For an account with two-factor sign-in: a code from the app or a recovery code. */
  code: secondFactorCode.optional(),
});
export type LoginInput = z.input<typeof loginSchema>;

/**
 * POST /api/auth/register answers 202 with this, and nothing else, whether or not the address already has an
 * account: registration must not tell anyone which addresses do.
 */
/**
 * 403 to an account whose address is not proved yet, for what would outlive a takeover by the address's real owner:
 * a calendar feed, two-factor sign-in.
 */
export const VERIFY_ADDRESS_FIRST = 'Verify your e-mail address first: follow the link we sent you, then try again.';
export const REGISTRATION_ACCEPTED = 'Check your e-mail: we sent you a link to verify your address.';
export const accountNoticeSchema = z.object({ message: z.string() });
export type AccountNotice = z.infer<typeof accountNoticeSchema>;

export const CURRENT_PASSWORD_REQUIRED = 'Current password is required';
export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';

/**
 * PUT /api/settings (spec section 5, Profile). Changing the e-mail also needs the current password, which
 * the server checks only then: a new name or the notification switch alone needs none.
 */
export const profileSchema = z.object({
  name: fullName,
  email,
  emailNotifications: z.boolean().optional(),
  currentPassword: z.string().max(200).optional(),
});
export type ProfileInput = z.input<typeof profileSchema>;

/** A new password and its confirmation, with the spec's messages (section 5, Password): a change and a reset alike. */
const newPasswordFields = {
  newPassword: z.string().min(8, 'Password must be at least 8 characters').max(200),
  confirmPassword: z.string().min(1, 'Please confirm your password').max(200),
};
const passwordsMatch: [(form: { newPassword: string; confirmPassword: string }) => boolean, { message: string; path: string[] }] = [
  (form) => form.newPassword === form.confirmPassword,
  { message: 'Passwords do not match', path: ['confirmPassword'] },
];

/** POST /api/auth/update-password (spec section 5, Password). */
export const passwordChangeSchema = z
  .object({ currentPassword: z.string().min(1, CURRENT_PASSWORD_REQUIRED).max(200), ...newPasswordFields })
  .refine(...passwordsMatch);
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

/** What every refused verification or reset link answers: used, expired, unknown or another account's alike. */
export const INVALID_LINK = 'This link is invalid or has expired';
/** A link's token: 32 random bytes, base64url (43 characters); anything longer is no token of ours. */
const linkToken = z.string().min(1, INVALID_LINK).max(100, INVALID_LINK);

/** POST /api/auth/verify-email: the token from the link's fragment (`/verify-email#token=…`). */
export const verifyEmailSchema = z.object({ token: linkToken });
export type VerifyEmailInput = z.input<typeof verifyEmailSchema>;

/** POST /api/auth/forgot-password. */
export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** POST /api/auth/reset-password: the token from `/reset-password#token=…` and the new password, twice. */
export const resetPasswordSchema = z.object({ token: linkToken, ...newPasswordFields }).refine(...passwordsMatch);
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
export const resetPasswordFormSchema = z.object(newPasswordFields).refine(...passwordsMatch);
export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;

/** GET /api/auth/user and GET /api/auth/me. */
export const currentUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  name: z.string(),
  email: z.string(),
  emailNotifications: z.boolean(),
  /** The address has been proved by following a link mailed to it; until then nothing shared reaches the account. */
  emailVerified: z.boolean(),
  username: z.string(),
  isPremium: z.boolean(),
  studentCount: z.number(),
  /** Null when the account has no limit (Premium). */
  studentLimit: z.number().nullable(),
  /** A session ends after this long without the person's own request (SESSION_IDLE_MINUTES); the UI warns before. */
  sessionIdleMinutes: z.number().int().positive(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
