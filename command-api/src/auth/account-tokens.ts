import { createHash, randomBytes } from 'node:crypto';
import type { ReadStore, StateCollection } from '@accommodate/projections/store/read-store';

/** What a mailed link lets its holder do: prove the address it was sent to, or set a new password. */
export type TokenPurpose = 'verify-email' | 'reset-password';

/** A verification link works for a day (it may wait in an inbox overnight); a reset link for an hour. */
export const TOKEN_LIFETIME_MS: Readonly<Record<TokenPurpose, number>> = {
  'verify-email': 24 * 60 * 60 * 1000,
  'reset-password': 60 * 60 * 1000,
};

/**
 * Stored under a SHA-256 of the token, like sessions: the raw token exists only in the mail and in the API's memory
 * while it sends it, so a copy of the store cannot be turned into links. Mutable state, outside the event log, so a
 * used token is gone for good.
 */
export interface AccountTokenDoc {
  id: string;
  userId: string;
  purpose: TokenPurpose;
  /** The address the link was mailed to: following it proves that address, and no other. */
  email: string;
  expiresAt: string;
}

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export class AccountTokens {
  private readonly tokens: StateCollection<AccountTokenDoc>;

  constructor(
    store: ReadStore,
    private readonly now: () => Date,
  ) {
    this.tokens = store.state<AccountTokenDoc>('account_tokens');
  }

  /** A fresh random token (32 bytes, base64url) for the link; it replaces the account's earlier one of that purpose. */
  async issue(userId: string, purpose: TokenPurpose, email: string): Promise<string> {
    await this.revoke(userId, purpose);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.now().getTime() + TOKEN_LIFETIME_MS[purpose]).toISOString();
    await this.tokens.put({ id: hashToken(token), userId, purpose, email, expiresAt });
    return token;
  }

  /**
   * Uses a token up: its record if it is live, of that purpose and (when `userId` is given) that account's, and then
   * never again. A token of another account is left alone, so that following someone else's link spends nothing of
   * theirs; an expired one is removed.
   */
  async redeem(token: string, purpose: TokenPurpose, userId?: string): Promise<AccountTokenDoc | null> {
    const found = await this.tokens.get(hashToken(token));
    if (!found || found.purpose !== purpose) return null;
    if (userId !== undefined && found.userId !== userId) return null;
    // Taken, not read then deleted: the same link followed twice at once (a double click, a mail scanner) works once.
    const doc = await this.tokens.take(found.id);
    return doc && doc.expiresAt > this.now().toISOString() ? doc : null;
  }

  /** Every token of the account, or of one purpose: a change of address or password, and erasure. */
  async revoke(userId: string, purpose?: TokenPurpose): Promise<void> {
    const found = await this.tokens.find(purpose ? { userId, purpose } : { userId });
    for (const doc of found) await this.tokens.delete(doc.id);
  }
}
