import type { Request, Response } from 'express';
import { describeDevice } from './describe-device.ts';
import { readCookie, SESSION_COOKIE, SESSION_TTL_MS, type SessionStore } from './sessions.ts';

const COOKIE_OPTIONS = { httpOnly: true, sameSite: 'lax', path: '/' } as const;

/** Signs the browser in: a fresh session (the one it had, if any, ends) and its httpOnly cookie. */
export async function startSession(sessions: SessionStore, req: Request, res: Response, userId: string): Promise<void> {
  await sessions.destroy(readCookie(req.headers.cookie, SESSION_COOKIE));
  const token = await sessions.create(userId, describeDevice(req.get('User-Agent')));
  res.cookie(SESSION_COOKIE, token, { ...COOKIE_OPTIONS, secure: req.secure, maxAge: SESSION_TTL_MS });
}

/** Signs the browser out: its session ends and the cookie is cleared. */
export async function endSession(sessions: SessionStore, req: Request, res: Response): Promise<void> {
  await sessions.destroy(readCookie(req.headers.cookie, SESSION_COOKIE));
  clearSessionCookie(req, res);
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, { ...COOKIE_OPTIONS, secure: req.secure });
}
