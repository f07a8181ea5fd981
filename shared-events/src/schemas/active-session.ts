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

/**
 * A request the app made by itself, while the person has not touched the page for a minute (a refetch after a
 * colleague's edit, on reconnect or on focus), says so with this header, and does not count towards keeping the
 * session from going idle: otherwise pokes alone would keep a shared classroom computer signed in for good. It can
 * only shorten a session, so a client sending it falsely gains nothing.
 */
export const BACKGROUND_REQUEST_HEADER = 'x-background-request';
