import type { NextFunction, Request, Response } from 'express';
import { HttpError } from '../http/errors.ts';
import { BACKGROUND_REQUEST_HEADER } from '@accommodate/shared-events/schemas/active-session';
import { readCookie, SESSION_COOKIE, type SessionStore } from './sessions.ts';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by `loadSession` when the cookie names a live session. */
    userId?: string;
    /**
     * The read store's change stamp as `loadSession` read it, before the session: the request's reads that are kept
     * under the stamp (the cached lists) use it too, rather than asking SQLite again.
     */
    readStamp?: string;
  }
}

export function loadSession(sessions: SessionStore) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    try {
      const activity = req.get(BACKGROUND_REQUEST_HEADER) === undefined;
      const stamp = sessions.readStamp();
      if (stamp !== undefined) req.readStamp = stamp;
      const userId = await sessions.userIdFor(readCookie(req.headers.cookie, SESSION_COOKIE), { activity, stamp, connection: req.socket });
      if (userId) req.userId = userId;
      next();
    } catch (error) {
      next(error);
    }
  };
}

export function requireUser(req: Request): string {
  if (!req.userId) throw new HttpError(401, 'Please sign in to continue');
  return req.userId;
}
