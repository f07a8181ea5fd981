import { Router } from 'express';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { forgotPasswordSchema, INVALID_LINK, resetPasswordSchema } from '@accommodate/shared-events/schemas/account';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand } from '../../framework/handle-command.ts';
import { ValidationError } from '@accommodate/shared-events/domain/errors';
import { HttpError, TooManyRequestsError } from '../../http/errors.ts';
import { AccountTokens } from '../../auth/account-tokens.ts';
import { credentials, emailKey } from '../../auth/credentials.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { clientAddress } from '../../auth/client-address.ts';
import { startSession } from '../../auth/session-cookie.ts';
import { ssoRequiredFor } from '../../shared/sso-districts.ts';
import { SSO_REQUIRED } from '@accommodate/shared-events/schemas/district-sso';
import type { SessionStore } from '../../auth/sessions.ts';
import { sendAccountMail } from '../../shared/account-mail.ts';
import { accountEmailOf, loadCurrentUser } from '../../shared/current-user.ts';
import { userDecider } from '@accommodate/shared-events/domain/account/decide-user';
import { proveAddress } from './address-proof.ts';
import { userQueries } from '@accommodate/projections/queries/users-queries';
import { PASSWORD_SET_SIGN_IN_WITH_CODE, type TwoFactorChallenge } from '@accommodate/shared-events/schemas/two-factor';
import { twoFactorStateOf } from '../../auth/second-factor.ts';

const TOO_MANY_REQUESTS = 'Too many requests. Please wait a few minutes and try again.';

/**
 * 'Forgot password?': POST /api/auth/forgot-password always answers 204, so it tells no one which addresses have
 * accounts; the link goes only to the account's own address. POST /api/auth/reset-password then sets the password
 * with the link's token (single-use, an hour), ends every session of the account and signs this browser in, unless
 * the account has two-factor sign-in: then the person signs in as always, with the new password and a code.
 */
export function passwordResetRoutes(context: AppContext, sessions: SessionStore): Router {
  const router = Router();
  const tokens = new AccountTokens(context.readStore, () => context.now());
  // Per client address a refusal is safe to show: it says nothing about any account.
  const byAddress = context.limits.rate('forgot-password:address', { points: 20, durationSec: 15 * 60 });
  // Per account it is silent (still 204): a refusal there would tell that the account exists. It stops mail-bombing.
  const byAccount = context.limits.rate('forgot-password:account', { points: 3, durationSec: 60 * 60 });

  router.post('/api/auth/forgot-password', async (req, res) => {
    const { email } = forgotPasswordSchema.parse(req.body);
    const wait = await byAddress.take(clientAddress(req));
    if (wait !== null) throw new TooManyRequestsError(TOO_MANY_REQUESTS, wait);
    const credential = await credentials(context.readStore).get(emailKey(email));
    // An account made by single sign-on has no password until it asks for one here, at its verified address.
    const userId = credential?.userId ?? (await userQueries(context.readStore).verifiedUserWithEmail(email))?.id ?? null;
    // A district that requires single sign-on: no link that would sign in with a password (still 204).
    if (userId !== null && !(await ssoRequiredFor(context, email)) && (await byAccount.take(userId)) === null) {
      const token = await tokens.issue(userId, 'reset-password', email);
      sendAccountMail(context, { userId, email }, { kind: 'reset-password', token });
    }
    res.status(204).end();
  });

  router.post('/api/auth/reset-password', async (req, res) => {
    // The password rules first, so that a typo in it does not spend the link.
    const input = resetPasswordSchema.parse(req.body);
    const redeemed = await tokens.redeem(input.token, 'reset-password');
    if (!redeemed) throw new ValidationError(INVALID_LINK);
    const { userId } = redeemed;
    const email = await accountEmailOf(context.readStore, userId).catch(() => null);
    const store = credentials(context.readStore);
    // No credential yet: an account made by single sign-on sets its first password, by a link to its own address.
    const firstPassword = email !== null && redeemed.email === email ? { id: emailKey(email), userId, passwordHash: '' } : null;
    const credential = email === null ? null : ((await store.get(emailKey(email))) ?? firstPassword);
    if (email === null || !credential) throw new ValidationError(INVALID_LINK);
    // A link mailed before the district required single sign-on does not sign in with a password either.
    if (await ssoRequiredFor(context, email)) throw new HttpError(403, SSO_REQUIRED, { sso: true });

    await store.put({ ...credential, passwordHash: await hashPassword(input.newPassword) });
    // Whoever knew the old password is signed out everywhere, and so are other reset links.
    await sessions.destroyOthers(userId, undefined);
    await tokens.revoke(userId, 'reset-password');
    await handleCommand(context, userDecider, streamName('user', userId), { type: 'RecordPasswordChange', userId }, { actor: { userId } });
    // The link reached the address it was mailed to, which proves the address, if the account still has it.
    if (redeemed.email === email) await proveAddress(context, sessions, { userId, email }, { kind: 'inbox' });
    // The link proves the inbox, one factor: an account with two-factor sign-in signs in with the password and a code.
    if ((await twoFactorStateOf(context, userId)).status === 'on') {
      res.json({ message: PASSWORD_SET_SIGN_IN_WITH_CODE, twoFactorRequired: true } satisfies TwoFactorChallenge);
      return;
    }
    await startSession(sessions, req, res, userId);
    res.json(await loadCurrentUser(context, userId));
  });

  return router;
}
