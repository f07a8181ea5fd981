import { z } from 'zod';

/** The one error shape every API response uses. */
export const apiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Turns zod issues into {field: firstMessage}, the `errors` part of the shape. */
export function fieldErrors(issues: readonly { path: readonly (string | number)[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.join('.') || '_';
    errors[key] ??= issue.message;
  }
  return errors;
}
