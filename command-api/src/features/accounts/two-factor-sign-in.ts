import { ValidationError } from '@accommodate/shared-events/domain/errors';
import { INVALID_CODE, TWO_FACTOR_REQUIRED } from '@accommodate/shared-events/schemas/two-factor';
import type { AppContext } from '../../framework/command-context.ts';
import { HttpError } from '../../http/errors.ts';
import { spendSecondFactor, twoFactorStateOf } from '../../auth/second-factor.ts';

/**
 * A sign-in's second step, after a correct password: for an account with two-factor sign-in, a 401 that asks for
 * the code (and starts no session) until a current app code or an unused recovery code comes with the password.
 */
export async function requireSecondFactor(context: AppContext, userId: string, code: string | undefined, onWrongCode: () => Promise<void>): Promise<void> {
  const state = await twoFactorStateOf(context, userId);
  if (state.status !== 'on') return;
  if (code === undefined) throw new HttpError(401, TWO_FACTOR_REQUIRED, { twoFactorRequired: true });
  try {
    await spendSecondFactor(context, userId, code, 'UseSecondFactor');
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    await onWrongCode();
    throw new HttpError(401, INVALID_CODE, { twoFactorRequired: true, errors: { code: INVALID_CODE } });
  }
}
