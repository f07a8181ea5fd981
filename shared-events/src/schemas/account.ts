import { z } from 'zod';

const email = z.string().trim().toLowerCase().email('Please enter a valid email address').max(254);

export const registerSchema = z.object({
  name: z.string().trim().min(1, 'Full name is required').max(200),
  email,
  password: z.string().min(8, 'Password must be at least 8 characters').max(200),
});
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, 'Please enter a valid email address').max(254),
  password: z.string().min(1, 'Password is required').max(200),
});
export type LoginInput = z.input<typeof loginSchema>;

/** PUT /api/settings (spec section 5, Profile). */
export const profileSchema = z.object({
  name: z.string().trim().min(1, 'Full name is required').max(200),
  email,
  emailNotifications: z.boolean().optional(),
});
export type ProfileInput = z.input<typeof profileSchema>;

/** POST /api/auth/update-password (spec section 5, Password). */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required').max(200),
    newPassword: z.string().min(8, 'Password must be at least 8 characters').max(200),
    confirmPassword: z.string().min(1, 'Please confirm your password').max(200),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

/** GET /api/auth/user and GET /api/auth/me. */
export const currentUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  name: z.string(),
  email: z.string(),
  emailNotifications: z.boolean(),
  username: z.string(),
  isPremium: z.boolean(),
  studentCount: z.number(),
  /** Null when the account has no limit (Premium). */
  studentLimit: z.number().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
