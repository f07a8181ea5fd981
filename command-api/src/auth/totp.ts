import { Secret, TOTP } from 'otpauth';

/**
 * TOTP as RFC 6238 and the common apps (Google and Microsoft Authenticator, 1Password) expect it: SHA-1, 6 digits,
 * 30 seconds. Through `otpauth`, a maintained implementation, rather than HMAC arithmetic of our own.
 */
const PERIOD_SECONDS = 30;
const ISSUER = 'Accommodate';

const totpOf = (secret: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/** A fresh 160-bit secret (RFC 4226's recommended length), base32 as apps take it for manual entry. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The `otpauth://` link the QR code carries; labelled with the account's address so the app can tell accounts apart. */
export const otpauthUrlOf = (secret: string, email: string): string => totpOf(secret, email).toString();

/**
 * The 30-second step of the code, if it is the app's code now or one step either side (a phone's clock drifts, and a
 * code typed in its last seconds arrives in the next step); null otherwise. The step is what makes a code single-use.
 */
export function matchingStep(secret: string, code: string, at: Date): number | null {
  const timestamp = at.getTime();
  const delta = totpOf(secret).validate({ token: code, timestamp, window: 1 });
  return delta === null ? null : TOTP.counter({ period: PERIOD_SECONDS, timestamp }) + delta;
}

/** The QR code as a PNG data URL. `qrcode` is loaded on first use only: most requests never draw one. */
export async function qrDataUrlOf(otpauthUrl: string): Promise<string> {
  const { toDataURL } = await import('qrcode');
  return toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
}
