import { createHmac, hkdfSync } from 'node:crypto';

/** BACKUP_KEY is 32 random bytes, written as base64 (`openssl rand -base64 32`) or as 64 hex digits. */
export const BACKUP_KEY_BYTES = 32;

export class BackupKeyError extends Error {
  override readonly name = 'BackupKeyError';
}

/** The key's bytes, or a refusal that says what a good key looks like (never echoing the value). */
export function decodeBackupKey(text: string | undefined): Buffer {
  const value = text?.trim() ?? '';
  if (value === '') throw new BackupKeyError('BACKUP_KEY is not set. Make one with `openssl rand -base64 32` and keep it apart from the backups.');
  const bytes = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : /^[A-Za-z0-9+/]+={0,2}$/.test(value) ? Buffer.from(value, 'base64') : null;
  if (!bytes || bytes.length !== BACKUP_KEY_BYTES) {
    throw new BackupKeyError('BACKUP_KEY must be 32 random bytes as base64 (44 characters, `openssl rand -base64 32`) or as 64 hex digits.');
  }
  return bytes;
}

/**
 * A short public name for a key, written in each backup's header: an operator who rotated the key can tell which
 * key a backup needs without trying them all. A keyed hash, so it says nothing about the key itself.
 */
export const backupKeyId = (key: Buffer): string => createHmac('sha256', key).update('accommodate backup key id').digest('hex').slice(0, 12);

/**
 * Each file has its own keys, derived with HKDF-SHA256 from BACKUP_KEY and the file's random salt: one for
 * AES-256-GCM, one for the key check. The nonces can then be a plain counter, which no two files share a key for.
 */
export function fileKeys(key: Buffer, salt: Buffer): { encryption: Buffer; check: Buffer } {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', key, salt, info, 32));
  return { encryption: derive('accommodate backup v1 encryption'), check: derive('accommodate backup v1 key check') };
}
