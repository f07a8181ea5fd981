import { Secret, TOTP } from 'otpauth';
import type { TestClient } from './test-server.ts';

/** The app's code for the 30-second step `ahead` steps from now: the server accepts one step either side. */
export const appCodeOf = (secret: string, ahead = 0): string =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: Date.now() + ahead * 30_000 });

/**
 * Turns two-factor sign-in on for the signed-in client, as Settings does: a set-up, then the current code and the
 * password. Returns the secret, the code that turned it on and the recovery codes; throws when the server refused.
 */
export async function turnOnTwoFactor(client: TestClient, password: string) {
  const setup = await client.post('/api/auth/2fa/setup');
  if (setup.status !== 200) throw new Error(`two-factor set-up failed with ${setup.status}`);
  const secret: string = setup.body.secret;
  const enablingCode = appCodeOf(secret);
  const enabled = await client.post('/api/auth/2fa/enable', { code: enablingCode, password });
  if (enabled.status !== 200) throw new Error(`turning two-factor on failed with ${enabled.status}`);
  return { secret, enablingCode, recoveryCodes: enabled.body.recoveryCodes as string[] };
}
