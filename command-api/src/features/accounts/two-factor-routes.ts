import { Router } from 'express';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { twoFactorDecider, type TwoFactorCommand } from '@accommodate/shared-events/domain/account/decide-two-factor';
import { disableTwoFactorSchema, enableTwoFactorSchema, isAppCode, TWO_FACTOR_OFF, type RecoveryCodes, type TwoFactorSetup, type TwoFactorStatus } from '@accommodate/shared-events/schemas/two-factor';
import { IllegalStateError, ValidationError } from '@accommodate/shared-events/domain/errors';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand } from '../../framework/handle-command.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { confirmPassword } from '../../auth/confirm-password.ts';
import { hashRecoveryCode, newRecoveryCodes } from '../../auth/recovery-codes.ts';
import { spendSecondFactor, twoFactorStateOf } from '../../auth/second-factor.ts';
import { matchingStep, newTotpSecret, otpauthUrlOf, qrDataUrlOf } from '../../auth/totp.ts';
import { accountEmailOf, requireProvedAddress } from '../../shared/current-user.ts';
import { clientAddress } from '../../auth/client-address.ts';
import { emailKey } from '../../auth/credentials.ts';
import { signInLimits } from '../../auth/sign-in-limits.ts';

const PASSWORD_INCORRECT = 'Password is incorrect';

/**
 * Settings > Security > Two-factor sign-in. Set-up shows a fresh secret (QR code and text); it is on only once the
 * password and a code from the app (proving the app has it) come, and that answer carries the ten recovery codes,
 * once. Switching it off takes the password and a code (a recovery code will do, for a lost phone), with wrong codes
 * limited as at sign-in.
 */
export function twoFactorRoutes(context: AppContext): Router {
  const router = Router();
  const stream = (userId: string) => streamName('user', userId);
  const signIns = signInLimits(context.limits);

  router.get('/api/auth/2fa', async (req, res) => {
    const state = await twoFactorStateOf(context, requireUser(req));
    res.json({ enabled: state.status === 'on' } satisfies TwoFactorStatus);
  });

  router.post('/api/auth/2fa/setup', async (req, res) => {
    const userId = requireUser(req);
    // Someone who typed in another person's address must not tie the account to their phone before its owner proves it.
    await requireProvedAddress(context.readStore, userId);
    const email = await accountEmailOf(context.readStore, userId);
    const secret = newTotpSecret();
    await handleCommand(context, twoFactorDecider, stream(userId), { type: 'StartTwoFactorSetup', userId, secret }, { actor: { userId } });
    const otpauthUrl = otpauthUrlOf(secret, email);
    res.json({ secret, otpauthUrl, qrDataUrl: await qrDataUrlOf(otpauthUrl) } satisfies TwoFactorSetup);
  });

  router.post('/api/auth/2fa/enable', async (req, res) => {
    const userId = requireUser(req);
    const { password, code } = enableTwoFactorSchema.parse(req.body);
    await requireProvedAddress(context.readStore, userId);
    // A session left open is not enough to tie the account to someone else's phone.
    if (!(await confirmPassword(context, userId, password))) throw ValidationError.onField('password', PASSWORD_INCORRECT);
    const recoveryCodes = newRecoveryCodes();
    await handleCommand(
      context,
      twoFactorDecider,
      stream(userId),
      ({ state }): TwoFactorCommand => ({
        type: 'EnableTwoFactor',
        userId,
        step: state.status === 'pending' && isAppCode(code) ? matchingStep(state.secret, code, context.now()) : null,
        recoveryCodeHashes: recoveryCodes.map(hashRecoveryCode),
      }),
      { actor: { userId } },
    );
    res.json({ recoveryCodes } satisfies RecoveryCodes);
  });

  router.post('/api/auth/2fa/disable', async (req, res) => {
    const userId = requireUser(req);
    const { password, code } = disableTwoFactorSchema.parse(req.body);
    // Nothing to switch off is said before the (deliberately slow) password check: it tells the account only of itself.
    if ((await twoFactorStateOf(context, userId)).status !== 'on') throw new IllegalStateError(TWO_FACTOR_OFF);
    // A wrong code counts as a failed sign-in of the account from this address, and a locked account waits here too:
    // someone holding a session and the password gets no more guesses at the code than sign-in gives.
    const accountKey = emailKey(await accountEmailOf(context.readStore, userId));
    const address = clientAddress(req);
    await signIns.check(accountKey, address);
    if (!(await confirmPassword(context, userId, password))) throw ValidationError.onField('password', PASSWORD_INCORRECT);
    try {
      await spendSecondFactor(context, userId, code, 'DisableTwoFactor');
    } catch (error) {
      if (error instanceof ValidationError) await signIns.failed(accountKey, address);
      throw error;
    }
    await signIns.succeeded(accountKey, address);
    res.status(204).end();
  });

  return router;
}
