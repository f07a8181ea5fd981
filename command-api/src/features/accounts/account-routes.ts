import { Router, type Request, type Response } from 'express';
import {
  CURRENT_PASSWORD_INCORRECT,
  CURRENT_PASSWORD_REQUIRED,
  loginSchema,
  passwordChangeSchema,
  profileSchema,
  REGISTRATION_ACCEPTED,
  registerSchema,
} from '@accommodate/shared-events/schemas/account';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand } from '../../framework/handle-command.ts';
import { HttpError, TooManyRequestsError } from '../../http/errors.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { isCrossSiteRequest } from '../../http/security.ts';
import { AccountTokens } from '../../auth/account-tokens.ts';
import { credentials, emailKey, type Credential } from '../../auth/credentials.ts';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { signInLimits } from '../../auth/sign-in-limits.ts';
import { confirmPassword } from '../../auth/confirm-password.ts';
import { clientAddress } from '../../auth/client-address.ts';
import { endSession, startSession } from '../../auth/session-cookie.ts';
import { readCookie, SESSION_COOKIE, type SessionStore } from '../../auth/sessions.ts';
import { emailClaimDecider, userDecider } from '@accommodate/shared-events/domain/account/decide-user';
import { IllegalStateError, NotFoundError, ValidationError } from '@accommodate/shared-events/domain/errors';
import { userQueries } from '@accommodate/projections/queries/users-queries';
import { loadCurrentUser } from '../../shared/current-user.ts';
import { sendAccountMail } from '../../shared/account-mail.ts';
import { mailVerificationLink } from './email-verification.ts';
import { newSubjectId } from '../../framework/new-subject-id.ts';
import { requireSecondFactor } from './two-factor-sign-in.ts';
import { claimEmail as claimAddress } from './email-claim.ts';
import { ssoRequiredFor } from '../../shared/sso-districts.ts';
import { SSO_REQUIRED } from '@accommodate/shared-events/schemas/district-sso';

const INVALID_LOGIN = 'Invalid email or password';
const TOO_MANY_REGISTRATIONS = 'Too many new accounts from this network. Please wait a few minutes and try again.';

export function accountRoutes(context: AppContext, sessions: SessionStore): Router {
  const router = Router();
  const signIns = signInLimits(context.limits);
  // A training day registers a school's 40 teachers from one address within minutes; a script registering
  // thousands (each a slow password hash) is stopped after REGISTRATIONS_PER_ADDRESS (50) in 10 minutes.
  const registrations = context.limits.rate('register:address', { points: context.config.registrationsPerAddress, durationSec: 10 * 60 });
  // 'Someone tried to register with your address' is worth a few e-mails an hour to its owner, not a flood.
  const attemptNotices = context.limits.rate('register:notice', { points: 3, durationSec: 60 * 60 });
  const tokens = new AccountTokens(context.readStore, () => context.now());
  const store = () => credentials(context.readStore);

  const claimEmail = (email: string, userId: string) => claimAddress(context, email, userId);

  /** The account's password, checked before a change that needs it; 400 on the field otherwise. */
  const requireCurrentPassword = async (userId: string, password: string | undefined): Promise<Credential> => {
    if (!password) throw ValidationError.onField('currentPassword', CURRENT_PASSWORD_REQUIRED);
    const credential = await confirmPassword(context, userId, password);
    if (!credential) throw ValidationError.onField('currentPassword', CURRENT_PASSWORD_INCORRECT);
    return credential;
  };

  const noticeRegistrationAttempt = async (holder: Credential, email: string) => {
    if ((await attemptNotices.take(holder.userId)) === null) sendAccountMail(context, { userId: holder.userId, email }, { kind: 'registration-attempt' });
  };

  const refusedAsTaken = (error: unknown): false => {
    if (error instanceof IllegalStateError) return false;
    throw error;
  };
  const noticeEmailChangeAttempt = async (email: string) => {
    const holder = await store().get(emailKey(email));
    if (holder && (await attemptNotices.take(holder.userId)) === null) {
      sendAccountMail(context, { userId: holder.userId, email }, { kind: 'email-change-attempt' });
    }
  };

  /** A new, unverified account for an address nobody holds, and the link that verifies it. */
  const createAccount = async ({ name, email }: { name: string; email: string }, passwordHash: string) => {
    const userId = await newSubjectId(context.eventStore);
    try {
      await claimEmail(email, userId);
    } catch (error) {
      if (!(error instanceof IllegalStateError)) throw error;
      // Another registration took the address a moment ago: this one is a taken address like any other.
      const holder = await store().get(emailKey(email));
      if (holder) await noticeRegistrationAttempt(holder, email);
      return;
    }
    await store().put({ id: emailKey(email), userId, passwordHash });
    await handleCommand(context, userDecider, streamName('user', userId), { type: 'RegisterUser', userId, name, email }, {
      actor: { userId },
      expectedRevision: -1,
    });
    await mailVerificationLink(context, tokens, { userId, email });
  };

  /**
   * 202 and the same message whether or not the address has an account, and no session either way: registration
   * tells no one which addresses have accounts. A new address gets an unverified account and a verification link;
   * a taken one gets its owner a notice. Both hash the password, at the same cost: the slow part of either path is the same.
   */
  router.post('/api/auth/register', async (req, res) => {
    const input = registerSchema.parse(req.body);
    const wait = await registrations.take(clientAddress(req));
    if (wait !== null) throw new TooManyRequestsError(TOO_MANY_REGISTRATIONS, wait);
    const passwordHash = await hashPassword(input.password);
    const holder = await store().get(emailKey(input.email));
    if (holder) await noticeRegistrationAttempt(holder, input.email);
    else await createAccount(input, passwordHash);
    res.status(202).json({ message: REGISTRATION_ACCEPTED });
  });

  router.post('/api/auth/login', async (req, res) => {
    const input = loginSchema.parse(req.body);
    // A district that requires single sign-on takes no password for its domains.
    if (await ssoRequiredFor(context, input.email)) throw new HttpError(403, SSO_REQUIRED, { sso: true });
    const accountKey = emailKey(input.email);
    const address = clientAddress(req);
    await signIns.check(accountKey, address);
    const credential = await credentials(context.readStore).get(accountKey);
    const valid = await verifyPassword(input.password, credential?.passwordHash ?? (await DUMMY_HASH_PROMISE));
    if (!credential || !valid) {
      await signIns.failed(accountKey, address);
      throw new HttpError(401, INVALID_LOGIN);
    }
    // A wrong second factor is a failed attempt like a wrong password; a correct password alone (asked for the code) is none.
    await requireSecondFactor(context, credential.userId, input.code, () => signIns.failed(accountKey, address));
    // Only failures count: teachers signing in from one school address must not lock each other out.
    await signIns.succeeded(accountKey, address);
    await startSession(sessions, req, res, credential.userId);
    res.json(await loadCurrentUser(context, credential.userId));
  });

  router.post('/api/auth/logout', async (req, res) => {
    await endSession(sessions, req, res);
    res.status(204).end();
  });

  // Browser navigations from the spec's prototype: sign-in is our own page, sign-out lands on the landing page.
  router.get('/api/login', (_req, res) => res.redirect(302, '/login'));
  router.get('/api/logout', async (req, res) => {
    if (!isCrossSiteRequest(req)) await endSession(sessions, req, res);
    res.redirect(302, '/');
  });

  const currentUser = async (req: Request, res: Response) => {
    res.json(await loadCurrentUser(context, requireUser(req)));
  };
  router.get('/api/auth/user', currentUser);
  router.get('/api/auth/me', currentUser);

  /**
   * A new name or the notification switch alone needs no password. A new e-mail does: it is where the
   * password can be reset and shares arrive. The new address is unverified until its own link is followed, pending
   * shares never move to it before, and the old address is told of the change.
   */
  router.put('/api/settings', async (req, res) => {
    const userId = requireUser(req);
    const { currentPassword, ...profile } = profileSchema.parse(req.body);
    const account = await userQueries(context.readStore).userById(userId);
    if (!account) throw new NotFoundError('Account');
    // What the account shows as its address: its own, or one asked for that another account holds (below).
    const shown = account.pendingEmail ?? account.email;
    const emailChanged = profile.email !== shown;
    const credential = emailChanged ? await requireCurrentPassword(userId, currentPassword) : null;
    const moving = emailChanged && profile.email !== account.email;
    if (moving && !(await claimEmail(profile.email, userId).then(() => true, refusedAsTaken))) {
      // Taken: the account keeps its address and the new one is kept as pending, so this answer and every later
      // GET /api/auth/user read as after a change to a free address (the new address, unverified): Settings tells
      // no one which addresses have accounts. The holder is told.
      await noticeEmailChangeAttempt(profile.email);
      await handleCommand(
        context,
        userDecider,
        streamName('user', userId),
        { type: 'UpdateProfile', userId, ...profile, email: account.email, pendingEmail: profile.email },
        { actor: { userId } },
      );
      res.json(await loadCurrentUser(context, userId));
      return;
    }
    // Unchanged, the pending address (if any) stays; a change to a free address or back to its own drops it.
    const pendingEmail = emailChanged ? null : (account.pendingEmail ?? null);
    await handleCommand(
      context,
      userDecider,
      streamName('user', userId),
      { type: 'UpdateProfile', userId, ...profile, email: emailChanged ? profile.email : account.email, pendingEmail },
      { actor: { userId } },
    );
    if (moving && credential) {
      await store().put({ ...credential, id: emailKey(profile.email) });
      await store().delete(credential.id);
      await handleCommand(context, emailClaimDecider, streamName('userEmail', emailKey(account.email)), { type: 'ReleaseEmail', userId }, {
        actor: { userId },
      });
      // Links mailed to the old address (a reset among them) stop working.
      await tokens.revoke(userId);
      await mailVerificationLink(context, tokens, { userId, email: profile.email });
      sendAccountMail(context, { userId, email: account.email }, { kind: 'email-changed' });
    }
    res.json(await loadCurrentUser(context, userId));
  });

  router.post('/api/auth/update-password', async (req, res) => {
    const userId = requireUser(req);
    const input = passwordChangeSchema.parse(req.body);
    const credential = await requireCurrentPassword(userId, input.currentPassword);
    await store().put({ ...credential, passwordHash: await hashPassword(input.newPassword) });
    await sessions.destroyOthers(userId, readCookie(req.headers.cookie, SESSION_COOKIE));
    // A reset link asked for before the change must not undo it.
    await tokens.revoke(userId, 'reset-password');
    await handleCommand(context, userDecider, streamName('user', userId), { type: 'RecordPasswordChange', userId }, {
      actor: { userId },
    });
    res.status(204).end();
  });

  return router;
}
