import { Router, type Request, type Response } from 'express';
import {
  loginSchema,
  passwordChangeSchema,
  profileSchema,
  registerSchema,
} from '@accommodate/shared-events/schemas/account';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand } from '../../framework/handle-command.ts';
import { ValidationError } from '@accommodate/shared-events/domain/errors';
import { HttpError } from '../../http/errors.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { isCrossSiteRequest } from '../../http/security.ts';
import { describeDevice } from '../../auth/describe-device.ts';
import { credentials, emailKey } from '../../auth/credentials.ts';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { AttemptLimiter } from '../../auth/rate-limit.ts';
import { readCookie, SESSION_COOKIE, SESSION_TTL_MS, type SessionStore } from '../../auth/sessions.ts';
import { emailClaimDecider, userDecider } from '@accommodate/shared-events/domain/account/decide-user';
import { loadCurrentUser } from '../../shared/current-user.ts';
import { activatePendingShares } from '../../shared/pending-shares.ts';
import { newSubjectId } from '../../framework/new-subject-id.ts';

const INVALID_LOGIN = 'Invalid email or password';
const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait a few minutes and try again.';

export function accountRoutes(context: AppContext, sessions: SessionStore): Router {
  const router = Router();
  const byAddress = new AttemptLimiter(30, 15 * 60_000);
  const byAccount = new AttemptLimiter(10, 15 * 60_000);

  const startSession = async (req: Request, res: Response, userId: string) => {
    await sessions.destroy(readCookie(req.headers.cookie, SESSION_COOKIE));
    const token = await sessions.create(userId, describeDevice(req.get('User-Agent')));
    res.cookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: req.secure,
      path: '/',
      maxAge: SESSION_TTL_MS,
    });
  };

  const endSession = async (req: Request, res: Response) => {
    await sessions.destroy(readCookie(req.headers.cookie, SESSION_COOKIE));
    res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: req.secure });
  };

  // Two registrations racing for one address: the loser's claim is decided again on the claimed stream (handleCommand's
  // retry), and it gets the same 409 as a late one.
  const claimEmail = (email: string, userId: string) =>
    handleCommand(context, emailClaimDecider, streamName('userEmail', emailKey(email)), { type: 'ClaimEmail', userId }, { actor: { userId } });

  router.post('/api/auth/register', async (req, res) => {
    const input = registerSchema.parse(req.body);
    const userId = await newSubjectId(context.eventStore);
    await claimEmail(input.email, userId);
    await credentials(context.readStore).put({
      id: emailKey(input.email),
      userId,
      passwordHash: await hashPassword(input.password),
    });
    await handleCommand(context, userDecider, streamName('user', userId), { type: 'RegisterUser', userId, name: input.name, email: input.email }, {
      actor: { userId },
      expectedRevision: -1,
    });
    // Students shared with this e-mail before the account existed (issue 4).
    await activatePendingShares(context, { userId, email: input.email });
    await startSession(req, res, userId);
    res.status(201).json(await loadCurrentUser(context.readStore, userId));
  });

  router.post('/api/auth/login', async (req, res) => {
    const input = loginSchema.parse(req.body);
    const accountKey = emailKey(input.email);
    if (!byAddress.tryAttempt(req.ip ?? 'unknown') || !byAccount.tryAttempt(accountKey)) {
      throw new HttpError(429, TOO_MANY_ATTEMPTS);
    }
    const credential = await credentials(context.readStore).get(accountKey);
    const valid = await verifyPassword(input.password, credential?.passwordHash ?? (await DUMMY_HASH_PROMISE));
    if (!credential || !valid) throw new HttpError(401, INVALID_LOGIN);
    byAccount.reset(accountKey);
    await startSession(req, res, credential.userId);
    res.json(await loadCurrentUser(context.readStore, credential.userId));
  });

  router.post('/api/auth/logout', async (req, res) => {
    await endSession(req, res);
    res.status(204).end();
  });

  // Browser navigations from the spec's prototype: sign-in is our own page, sign-out lands on the landing page.
  router.get('/api/login', (_req, res) => res.redirect(302, '/login'));
  router.get('/api/logout', async (req, res) => {
    if (!isCrossSiteRequest(req)) await endSession(req, res);
    res.redirect(302, '/');
  });

  const currentUser = async (req: Request, res: Response) => {
    res.json(await loadCurrentUser(context.readStore, requireUser(req)));
  };
  router.get('/api/auth/user', currentUser);
  router.get('/api/auth/me', currentUser);

  router.put('/api/settings', async (req, res) => {
    const userId = requireUser(req);
    const input = profileSchema.parse(req.body);
    const before = await loadCurrentUser(context.readStore, userId);
    const emailChanged = input.email !== before.email;
    if (emailChanged) await claimEmail(input.email, userId);
    await handleCommand(context, userDecider, streamName('user', userId), { type: 'UpdateProfile', userId, ...input }, {
      actor: { userId },
    });
    if (emailChanged) {
      const store = credentials(context.readStore);
      const credential = await store.get(emailKey(before.email));
      if (credential) {
        await store.put({ ...credential, id: emailKey(input.email) });
        await store.delete(credential.id);
      }
      await handleCommand(context, emailClaimDecider, streamName('userEmail', emailKey(before.email)), { type: 'ReleaseEmail', userId }, {
        actor: { userId },
      });
      // Shares waiting for the new address are this account's now, as at registration.
      await activatePendingShares(context, { userId, email: input.email });
    }
    res.json(await loadCurrentUser(context.readStore, userId));
  });

  router.post('/api/auth/update-password', async (req, res) => {
    const userId = requireUser(req);
    const input = passwordChangeSchema.parse(req.body);
    const user = await loadCurrentUser(context.readStore, userId);
    const store = credentials(context.readStore);
    const credential = await store.get(emailKey(user.email));
    if (!credential || !(await verifyPassword(input.currentPassword, credential.passwordHash))) {
      throw ValidationError.onField('currentPassword', 'Current password is incorrect');
    }
    await store.put({ ...credential, passwordHash: await hashPassword(input.newPassword) });
    await sessions.destroyOthers(userId, readCookie(req.headers.cookie, SESSION_COOKIE));
    await handleCommand(context, userDecider, streamName('user', userId), { type: 'RecordPasswordChange', userId }, {
      actor: { userId },
    });
    res.status(204).end();
  });

  router.post('/api/upgrade-to-premium', async (req, res) => {
    const userId = requireUser(req);
    await handleCommand(context, userDecider, streamName('user', userId), { type: 'UpgradeToPremium', userId }, {
      actor: { userId },
    });
    res.json(await loadCurrentUser(context.readStore, userId));
  });

  return router;
}
