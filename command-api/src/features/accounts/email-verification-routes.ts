import { Router } from 'express';
import { INVALID_LINK, verifyEmailSchema } from '@accommodate/shared-events/schemas/account';
import type { AppContext } from '../../framework/command-context.ts';
import { ValidationError } from '@accommodate/shared-events/domain/errors';
import { TooManyRequestsError } from '../../http/errors.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { AccountTokens } from '../../auth/account-tokens.ts';
import { loadCurrentUser } from '../../shared/current-user.ts';
import { userQueries } from '@accommodate/projections/queries/users-queries';
import { mailVerificationLink } from './email-verification.ts';
import { proveAddress } from './address-proof.ts';
import { readCookie, SESSION_COOKIE, type SessionStore } from '../../auth/sessions.ts';

const TOO_MANY_RESENDS = 'We have sent several links already. Please check your inbox (and spam folder), or try again in an hour.';

/**
 * POST /api/auth/verify-email needs the session of the account the link was mailed to. Deliberately: were any
 * session (or none) enough, an attacker could register a victim's address, and the victim, opening the link out of
 * curiosity, would verify the attacker's account for them.
 */
export function emailVerificationRoutes(context: AppContext, sessions: SessionStore): Router {
  const router = Router();
  const tokens = new AccountTokens(context.readStore, () => context.now());
  // A handful of links an hour is plenty for a lost or slow message, and too few to flood anyone's inbox.
  const resends = context.limits.rate('verify-email:resend', { points: 5, durationSec: 60 * 60 });

  router.post('/api/auth/verify-email', async (req, res) => {
    const userId = requireUser(req);
    const { token } = verifyEmailSchema.parse(req.body);
    const redeemed = await tokens.redeem(token, 'verify-email', userId);
    if (!redeemed) throw new ValidationError(INVALID_LINK);
    await proveAddress(context, sessions, { userId, email: redeemed.email }, { kind: 'link-in-session', sessionToken: readCookie(req.headers.cookie, SESSION_COOKIE) });
    res.json(await loadCurrentUser(context, userId));
  });

  router.post('/api/auth/verify-email/resend', async (req, res) => {
    const userId = requireUser(req);
    const user = await userQueries(context.readStore).userById(userId);
    if (user && (user.pendingEmail !== undefined || user.emailVerified !== true)) {
      const wait = await resends.take(userId);
      if (wait !== null) throw new TooManyRequestsError(TOO_MANY_RESENDS, wait);
      // A pending address another account holds gets no link for this account (its holder was told once, at the
      // change); the answer is the same, so a resend tells no one the address is taken.
      if (user.pendingEmail === undefined) await mailVerificationLink(context, tokens, { userId, email: user.email });
    }
    res.status(204).end();
  });

  return router;
}
