import type { AppContext } from '../framework/command-context.ts';
import { accountEmailOf } from '../shared/current-user.ts';
import { credentials, emailKey, type Credential } from './credentials.ts';
import { verifyPassword } from './passwords.ts';
import { passwordConfirmationLimit } from './sign-in-limits.ts';

/**
 * The signed-in account's password, asked again before a change that needs it (a new e-mail or password, deleting
 * the account, switching two-factor off): its credential when right, null when wrong. Wrong tries are limited per
 * account across all of these (429 with Retry-After), so a session left open is no unlimited password oracle.
 */
export async function confirmPassword(context: AppContext, userId: string, password: string): Promise<Credential | null> {
  const limit = passwordConfirmationLimit(context.limits);
  await limit.check(userId);
  const email = await accountEmailOf(context.readStore, userId);
  const credential = await credentials(context.readStore).get(emailKey(email));
  if (!credential || !(await verifyPassword(password, credential.passwordHash))) {
    await limit.failed(userId);
    return null;
  }
  await limit.succeeded(userId);
  return credential;
}
