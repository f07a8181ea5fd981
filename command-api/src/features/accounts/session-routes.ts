import { Router } from 'express';
import { requireUser } from '../../auth/authenticate.ts';
import { readCookie, SESSION_COOKIE, type SessionStore } from '../../auth/sessions.ts';
import { notFound } from '../../http/errors.ts';
import { idParam } from '../../http/route-params.ts';

/**
 * Settings > Security > Active Sessions: where the account is signed in, and signing out one session or all the
 * others (a lost phone, a shared staff-room computer). Ending a session also closes its sockets (server.ts).
 */
export function sessionRoutes(sessions: SessionStore): Router {
  const router = Router();
  const currentToken = (cookieHeader: string | undefined) => readCookie(cookieHeader, SESSION_COOKIE);

  router.get('/api/auth/sessions', async (req, res) => {
    res.json(await sessions.listFor(requireUser(req), currentToken(req.headers.cookie)));
  });

  router.delete('/api/auth/sessions/:id', async (req, res) => {
    if (!(await sessions.endByPublicId(requireUser(req), idParam(req)))) throw notFound('Session');
    res.status(204).end();
  });

  /** Every session but the one asking. */
  router.delete('/api/auth/sessions', async (req, res) => {
    await sessions.destroyOthers(requireUser(req), currentToken(req.headers.cookie));
    res.status(204).end();
  });

  return router;
}
