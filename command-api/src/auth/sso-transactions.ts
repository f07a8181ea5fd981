import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { ReadStore, StateCollection } from '@accommodate/projections/store/read-store';
import { readCookie } from './sessions.ts';
import type { SsoChecks } from './oidc-relying-party.ts';

/**
 * A single sign-on under way: the PKCE verifier, state and nonce stay server-side, under a hash of a random
 * token that only this browser holds (an httpOnly cookie for the SSO routes alone, ten minutes). The e-mail typed on
 * the sign-in page is not kept: the provider's ID token says who signed in.
 */
const COOKIE = 'sso_tx';
const COOKIE_PATH = '/api/auth/sso';
export const SSO_TRANSACTION_MS = 10 * 60 * 1000;

interface SsoTransactionDoc extends SsoChecks {
  id: string;
  districtId: string;
  expiresAt: string;
}

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function ssoTransactions(store: ReadStore, now: () => Date) {
  const transactions: StateCollection<SsoTransactionDoc> = store.state<SsoTransactionDoc>('sso_transactions');
  const cookieOptions = (req: Request) => ({ httpOnly: true, sameSite: 'lax', path: COOKIE_PATH, secure: req.secure }) as const;
  return {
    async begin(req: Request, res: Response, districtId: string, checks: SsoChecks): Promise<void> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now().getTime() + SSO_TRANSACTION_MS).toISOString();
      await transactions.put({ id: hashToken(token), districtId, ...checks, expiresAt });
      res.cookie(COOKIE, token, { ...cookieOptions(req), maxAge: SSO_TRANSACTION_MS });
    },
    /** The browser's transaction, once (a callback replayed finds nothing); null when missing or expired. */
    async end(req: Request, res: Response): Promise<SsoTransactionDoc | null> {
      const token = readCookie(req.headers.cookie, COOKIE);
      res.clearCookie(COOKIE, cookieOptions(req));
      if (!token) return null;
      const found = await transactions.take(hashToken(token));
      return found && found.expiresAt > now().toISOString() ? found : null;
    },
  };
}
