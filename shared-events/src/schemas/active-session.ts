import { z } from 'zod';

/** GET /api/auth/sessions: where the account is signed in. The id names the session without being its credential. */
export const activeSessionSchema = z.object({
  id: z.string(),
  /** Browser and system, as far as the browser told ('Chrome on Windows'); never the full user-agent string. */
  device: z.string(),
  signedInAt: z.string(),
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;
