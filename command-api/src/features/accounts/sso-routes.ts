import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { emailDomainOf, ssoEmailQuerySchema, type SsoErrorCode } from '@accommodate/shared-events/schemas/district-sso';
import { DomainError } from '@accommodate/shared-events/domain/errors';
import type { AppContext } from '../../framework/command-context.ts';
import { TooManyRequestsError } from '../../http/errors.ts';
import { originSettings, requestOrigin } from '../../http/own-origin.ts';
import { clientAddress } from '../../auth/client-address.ts';
import { startSession } from '../../auth/session-cookie.ts';
import type { SessionStore } from '../../auth/sessions.ts';
import { TOO_MANY_ATTEMPTS } from '../../auth/sign-in-limits.ts';
import { oidcRelyingParty } from '../../auth/oidc-relying-party.ts';
import { issuerFetch, issuerNetwork } from '../../auth/issuer-network.ts';
import { ssoTransactions } from '../../auth/sso-transactions.ts';
import { ssoClientOf, ssoDistrictFor } from '../../shared/sso-districts.ts';
import { accountOfVerifiedAddress } from './sso-account.ts';

const CALLBACK_PATH = '/api/auth/sso/callback';
const callbackQuerySchema = z.object({ state: z.string().max(500).optional(), code: z.string().max(4000).optional(), error: z.string().max(200).optional() });

/** The sign-in page, with a message that names nothing of what went wrong but what the person can do. */
const backToSignIn = (res: Response, code: SsoErrorCode) => res.redirect(302, `/login?sso=${code}`);

/** What a failure of the provider's answer may say in the log: the library's code or the OAuth error, never a token. */
const reasonOf = (error: unknown): string => {
  if (!(error instanceof Error)) return 'unknown';
  const { code, error: oauthError } = error as { code?: unknown; error?: unknown };
  return [error.name, typeof code === 'string' ? code : null, typeof oauthError === 'string' ? oauthError : null].filter(Boolean).join(' ');
};

/**
 * Single sign-on with the district's OpenID provider: the sign-in page asks whether an address's domain
 * signs in this way, sends the browser to /start, and the provider sends it back to /callback, which starts the
 * session exactly as a password sign-in does.
 */
export function ssoRoutes(context: AppContext, sessions: SessionStore): Router {
  const router = Router();
  const relyingParty = oidcRelyingParty(issuerFetch(issuerNetwork(context.config)), () => context.now());
  const transactions = ssoTransactions(context.readStore, () => context.now());
  // Look-ups per network address: the sign-in page asks at each sign-in, and a school's staff sign in behind one address.
  const lookups = context.limits.rate('sso:address', { points: 600, durationSec: 10 * 60 });
  const limited = async (req: Request) => {
    const wait = await lookups.take(clientAddress(req));
    if (wait !== null) throw new TooManyRequestsError(TOO_MANY_ATTEMPTS, wait);
  };

  // The same answer's shape for every address: whether its domain signs in with a provider, and nothing else.
  router.get('/api/auth/sso/discover', async (req, res) => {
    const { email } = ssoEmailQuerySchema.parse(req.query);
    await limited(req);
    res.json({ sso: (await ssoDistrictFor(context, email)) !== null });
  });

  router.get('/api/auth/sso/start', async (req, res) => {
    const parsed = ssoEmailQuerySchema.safeParse(req.query);
    if (!parsed.success) return backToSignIn(res, 'not-covered');
    await limited(req);
    const district = await ssoDistrictFor(context, parsed.data.email);
    const client = district && (await ssoClientOf(context, district.id));
    if (!district || !client) return backToSignIn(res, 'not-covered');
    const origin = requestOrigin(req, originSettings(context.config)) ?? context.config.appUrl;
    try {
      const { url, checks } = await relyingParty.start(client, `${origin}${CALLBACK_PATH}`);
      await transactions.begin(req, res, district.id, checks);
      res.redirect(302, url.href);
    } catch (error) {
      context.logger.warn('single sign-on could not reach the provider', { districtId: district.id, reason: reasonOf(error) });
      backToSignIn(res, 'unavailable');
    }
  });

  router.get(CALLBACK_PATH, async (req, res) => {
    const transaction = await transactions.end(req, res);
    const query = callbackQuerySchema.safeParse(req.query);
    // No transaction in this browser, an old one, or the answer to another tab's start.
    if (!transaction || !query.success || query.data.state !== transaction.state) return backToSignIn(res, 'expired');
    const client = await ssoClientOf(context, transaction.districtId);
    if (!client) return backToSignIn(res, 'not-covered');
    let identity;
    try {
      identity = await relyingParty.finish(client, new URL(req.originalUrl, transaction.redirectUri), transaction);
    } catch (error) {
      context.logger.warn('single sign-on refused the provider’s answer', { districtId: transaction.districtId, reason: reasonOf(error) });
      return backToSignIn(res, 'failed');
    }
    if (identity.email === null || !identity.emailVerified) return backToSignIn(res, 'unverified');
    // A district's provider vouches for the domains the district proved it owns, and for no others.
    if (!client.coveredDomains.includes(emailDomainOf(identity.email))) return backToSignIn(res, 'not-covered');
    let userId;
    try {
      userId = await accountOfVerifiedAddress(context, sessions, { email: identity.email, name: identity.name });
    } catch (error) {
      // A domain refusal (the address moved on an account meanwhile): the sign-in page, never a JSON error in the browser.
      if (!(error instanceof DomainError)) throw error;
      return backToSignIn(res, 'failed');
    }
    await startSession(sessions, req, res, userId);
    res.redirect(302, '/');
  });

  return router;
}
